import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type LatchServer } from '../../server/createServer.js'
import { startTestPageStack, type TestPageStack } from '../support/startTestPageStack.js'
import type { WalletOptionsPageConfig } from './fixtures/walletOptionsPage.js'
import { LOCAL_GENESIS_HASH } from '../../server/solana/localGenesisHash.js'

// SPEC §5/§7/§9: the catalogue lists the wallets of the host's networks (`chains`); the host's
// featuredWalletIds get their own section on Connect, first of the catalogue's wallets;
// excludeWalletIds hides a wallet everywhere, Connect and AllWallets' search alike; walletSchemes
// lets a catalogue wallet's custom-scheme link open it. Through createKit with the real plugins,
// the reference catalogue, a WalletConnect relay, Chromium.
/** Generous: a slow 2-core machine shared with other suites. */
const WAIT = { timeout: 20_000 }
// Two wallets of the reference catalogue (server/catalogue/wallets.json).
const METAMASK = '944a21b31bf1d532f3d718f332530f00318df0024ebf3cb848bf9733ce1053e4'
// Rabby lists the local chain 31337; Phantom and Solflare do not (Phantom: Solana and three EVM
// mainnets; Solflare: Solana only).
const RABBY = '3eca8ea000d4a2394b6421c3df6d2b047a6db7f7cffbbef56697bb98bb147045'
const PHANTOM = '4944c6ad637be7a71b0884535e58cb9d1e732b1b399c9b5c9c49decc5fa2ff36'

let stack: TestPageStack
let server: LatchServer
let apiUrl: string

beforeAll(async () => {
  ;[stack, server] = await Promise.all([startTestPageStack(fileURLToPath(new URL('./fixtures/walletOptionsPage.ts', import.meta.url))), createServer()])
  apiUrl = await server.listen(0)
})
afterAll(async () => {
  await stack?.close()
  await server?.close()
})

/** The host page with these options, its modal open on Connect with the catalogue's wallets listed. */
async function openConnect(options: Omit<WalletOptionsPageConfig, 'apiUrl' | 'rpcUrl'>): Promise<Page> {
  const page = await stack.browser.newPage()
  await page.addInitScript((config) => Object.assign(window, { __latchWalletOptions: config }), { apiUrl, rpcUrl: stack.chain.rpcUrl, ...options })
  await page.goto(stack.site.url)
  await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
  await page.evaluate(() => (window as any).__latch.ready)
  await page.evaluate(() => (window as any).__latch.open())
  // The catalogue's wallets have arrived once All Wallets shows its count.
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /All Wallets\s+\d/ }).waitFor(WAIT)
  return page
}

/** Connect's wallet rows, top to bottom: section and name. */
const connectRows = (page: Page) =>
  page
    .getByRole('list', { name: 'Wallets' })
    .locator('li')
    .evaluateAll((items) => items.map((item) => `${item.getAttribute('data-section')}: ${item.querySelector('button > span:not(.glyph):not(.tag)')?.textContent}`))

/**
 * AllWallets' search: the names of the wallets it finds for `query`, once the list shows that
 * search's answer (every name matches it, or 'No wallet found').
 */
async function search(page: Page, query: string): Promise<string[]> {
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('searchbox', { name: 'Search wallet' }).fill(query)
  const list = dialog.getByRole('list', { name: 'All wallets' })
  const names = () => list.getByRole('listitem').evaluateAll((items) => items.map((item) => item.textContent?.trim() ?? ''))
  const answered = async () => {
    if ((await list.getAttribute('aria-busy')) !== 'false') return false
    if ((await dialog.getByRole('status').filter({ hasText: 'No wallet found' }).count()) > 0) return true
    const found = await names()
    return found.length > 0 && found.every((name) => name.toLowerCase().includes(query.toLowerCase()))
  }
  await expect.poll(answered, WAIT).toBe(true)
  return names()
}

describe('the wallet list options', () => {
  it('without options, Connect recommends MetaMask and the search finds it', async () => {
    const page = await openConnect({})
    expect(await connectRows(page)).toContain('recommended: MetaMask')
    await page.getByRole('dialog').getByRole('button', { name: /All Wallets/ }).click()
    expect(await search(page, 'MetaMask')).toContain('MetaMask')
    await page.close()
  })

  it('featuredWalletIds puts Rabby in its own section, before the recommended wallets', async () => {
    const page = await openConnect({ featuredWalletIds: [RABBY] })
    const rows = await connectRows(page)
    expect(rows).toContain('featured: Rabby Wallet')
    expect(rows.indexOf('featured: Rabby Wallet')).toBeLessThan(rows.findIndex((row) => row.startsWith('recommended:')))
    expect(rows.filter((row) => row.endsWith(': Rabby Wallet'))).toHaveLength(1)
    await page.close()
  })

  it("lists only wallets for the host's networks, but the host's featured wallets whatever their networks", async () => {
    const evmOnly = await openConnect({ featuredWalletIds: [PHANTOM] })
    const rows = await connectRows(evmOnly)
    expect(rows).toContain('featured: Phantom')
    // Recommended: wallets for 31337 only (Phantom and Solflare list none of the page's networks).
    expect(rows.filter((row) => row.startsWith('recommended:')).length).toBeGreaterThan(0)
    await evmOnly.getByRole('dialog').getByRole('button', { name: /All Wallets/ }).click()
    expect(await search(evmOnly, 'Solflare')).toEqual([])
    await evmOnly.close()
    // With Solana mainnet among the host's networks, the search finds it.
    const withSolana = await openConnect({ solana: true })
    await withSolana.getByRole('dialog').getByRole('button', { name: /All Wallets/ }).click()
    expect(await search(withSolana, 'Solflare')).toEqual(['Solflare'])
    await withSolana.close()
  })

  it("a page on the backend's local Solana cluster alone gets the catalogue's Solana wallets", async () => {
    const page = await openConnect({ localSolanaGenesisHash: LOCAL_GENESIS_HASH })
    const recommended = (await connectRows(page)).filter((row) => row.startsWith('recommended:'))
    expect(recommended).toContain('recommended: Phantom')
    // MetaMask lists no Solana network: the catalogue was asked for this cluster's wallets only.
    expect(recommended).not.toContain('recommended: MetaMask')
    await page.close()
  })

  it('excludeWalletIds hides MetaMask from Connect and from the search', async () => {
    const page = await openConnect({ excludeWalletIds: [METAMASK] })
    expect((await connectRows(page)).some((row) => row.endsWith(': MetaMask'))).toBe(false)
    await page.getByRole('dialog').getByRole('button', { name: /All Wallets/ }).click()
    expect(await search(page, 'MetaMask')).toEqual([])
    // The search still works for the others.
    expect(await search(page, 'Trust')).toContain('Trust Wallet')
    await page.close()
  })

  it("walletSchemes: a catalogue wallet's custom-scheme link shows only once the host registers the scheme", async () => {
    // Ambire's catalogue entry: mobile 'ambire://', web app https://wallet.ambire.com/.
    const linksOf = async (walletSchemes: string[] | undefined) => {
      const page = await openConnect({ walletSchemes, relayUrl: stack.relay.relayUrl })
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('button', { name: /All Wallets/ }).click()
      expect(await search(page, 'Ambire')).toContain('Ambire Wallet')
      await page.locator('latch-modal [data-wallet-id]', { hasText: 'Ambire Wallet' }).first().click()
      await page.getByRole('img', { name: 'QR code for Ambire Wallet' }).waitFor(WAIT)
      const group = page.getByRole('group', { name: 'Open Ambire Wallet' })
      // The web link shows in both cases: the links were built once it is there.
      const web = group.getByRole('link', { name: 'Open web app' })
      await web.waitFor(WAIT)
      const pairing = new URL((await web.getAttribute('href'))!).searchParams.get('uri')
      expect(pairing).toMatch(/^wc:[0-9a-f]{64}@2\?/)
      const links = await group.getByRole('link').evaluateAll((anchors) => anchors.map((a) => [a.textContent, a.getAttribute('href')]))
      await page.close()
      return { links, pairing: pairing! }
    }
    const unregistered = await linksOf(undefined)
    expect(unregistered.links).toEqual([['Open web app', `https://wallet.ambire.com/wc?uri=${encodeURIComponent(unregistered.pairing)}`]])
    const registered = await linksOf(['ambire'])
    expect(registered.links).toEqual([
      ['Open in mobile app', `ambire://wc?uri=${encodeURIComponent(registered.pairing)}`],
      ['Open web app', `https://wallet.ambire.com/wc?uri=${encodeURIComponent(registered.pairing)}`],
    ])
  })
})
