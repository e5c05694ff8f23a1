import { fileURLToPath } from 'node:url'
import type { BrowserContext, Page } from 'playwright-core'
import { verifyMessage, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type LatchServer } from '../../server/createServer.js'
import { startTestPageStack, type TestPageStack } from '../support/startTestPageStack.js'
import { startWalletKitWallet } from '../support/wallets/startWalletKitWallet.js'

// SPEC §3 'Stored locally: deeplink choice', in Chromium on a phone with createKit and the real
// plugins, the reference catalogue and a real WalletKit wallet on the local relay: a visitor who
// opens a wallet app by its link to pair has that choice kept once connected, each signing
// request reopens that app (as AppKit 1.7.10 and WalletConnect's clients do), across a reload,
// until disconnect. A hostile stored value is dropped, never followed.
const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 9 })
const WAIT = { timeout: 30_000 }
const KEY = '@latch/walletConnectDeeplinkChoice'
// A phone: touch screen, narrow viewport, a mobile browser's user agent.
const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
}
// Ambire's catalogue entry (server/catalogue/wallets.json): mobile link 'ambire://', a scheme the host registers.
const AMBIRE = { name: 'Ambire Wallet', href: 'ambire://' }

let stack: TestPageStack
let catalogue: LatchServer
let apiUrl: string

beforeAll(async () => {
  ;[stack, catalogue] = await Promise.all([startTestPageStack(fileURLToPath(new URL('./fixtures/walletOptionsPage.ts', import.meta.url))), createServer()])
  apiUrl = await catalogue.listen(0)
}, 120_000)
afterAll(async () => {
  await stack?.close()
  await catalogue?.close()
})

type Opened = { opened: Array<{ url: string; target?: string }>; followed: string[] }

/**
 * Loads the host page in `context`. What the page tries to open is recorded instead of followed:
 * `window.open` calls, and the wallet links the visitor taps (a phone would leave for the app).
 */
async function loadPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  await page.addInitScript((config) => {
    Object.assign(window, { __latchWalletOptions: config, __opened: [], __followed: [] })
    window.open = ((url?: string | URL, target?: string) => {
      ;(window as any).__opened.push({ url: String(url), target })
      return null
    }) as typeof window.open
    window.addEventListener(
      'click',
      (event) => {
        const anchor = event.composedPath().find((node) => node instanceof HTMLAnchorElement) as HTMLAnchorElement | undefined
        if (!anchor) return
        ;(window as any).__followed.push(anchor.href)
        event.preventDefault()
      },
      true,
    )
  }, { apiUrl, rpcUrl: stack.chain.rpcUrl, relayUrl: stack.relay.relayUrl, walletSchemes: ['ambire'] })
  await page.goto(stack.site.url)
  await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
  await page.evaluate(() => (window as any).__latch.ready)
  return page
}

const recorded = (page: Page) => page.evaluate(() => ({ opened: (window as any).__opened, followed: (window as any).__followed }) as Opened)
const stored = (page: Page) => page.evaluate((key) => localStorage.getItem(key), KEY)
const address = (page: Page) => page.evaluate(() => (window as any).__latch.address() as string | undefined)

/** Opens Connect, picks Ambire in All Wallets, taps 'Open in mobile app', and has the wallet pair with the link's URI. */
async function connectByMobileLink(page: Page, wallet: Awaited<ReturnType<typeof startWalletKitWallet>>): Promise<void> {
  await page.evaluate(() => (window as any).__latch.open())
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: /All Wallets/ }).click(WAIT)
  await dialog.getByRole('searchbox', { name: 'Search wallet' }).fill('Ambire')
  await page.locator('latch-modal [data-wallet-id]', { hasText: AMBIRE.name }).first().click(WAIT)
  const link = page.getByRole('group', { name: `Open ${AMBIRE.name}` }).getByRole('link', { name: 'Open in mobile app' })
  await link.click(WAIT)
  const followed = (await recorded(page)).followed.at(-1)!
  expect(followed).toMatch(/^ambire:\/\/wc\?uri=wc%3A/)
  // Chosen, not yet kept: AppKit keeps the choice only for a connection that succeeded.
  expect(await stored(page)).toBeNull()
  await wallet.pair(new URL(followed.replace('ambire://', 'https://ambire.invalid/')).searchParams.get('uri')!)
  await expect.poll(() => address(page), WAIT).toBe(account.address)
}

/** Signs through the kit's provider; the signature is the wallet's, checked with viem. */
async function sign(page: Page): Promise<void> {
  const message = `0x${Buffer.from(`deeplink ${Date.now()}`).toString('hex')}` as Hex
  const signature = (await page.evaluate((text) => (window as any).__latch.sign(text), message)) as Hex
  expect(await verifyMessage({ address: account.address, message: { raw: message }, signature })).toBe(true)
}

const REOPEN = /^ambire:\/\/wc\?requestId=\d+&sessionTopic=[0-9a-f]{64}$/

describe('a phone visitor who opens a wallet app by its link to connect', () => {
  it('has the choice kept once connected; each signing request reopens that app, again after a reload; disconnect forgets it', async () => {
    const wallet = await startWalletKitWallet({ relayUrl: stack.relay.relayUrl, account, chainId: 31337, storagePrefix: 'deeplink-choice' })
    const context = await stack.browser.newContext(PHONE)
    try {
      const page = await loadPage(context)
      expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true)
      await connectByMobileLink(page, wallet)
      await expect.poll(async () => JSON.parse((await stored(page)) ?? 'null'), WAIT).toEqual(AMBIRE)
      expect((await recorded(page)).opened).toEqual([])

      await sign(page)
      const [first] = (await recorded(page)).opened
      expect(first?.url).toMatch(REOPEN)
      // An app link replaces the page, as the wallet's own return does.
      expect(first?.target).toBe('_self')

      // A returning visitor: the restored session's requests reopen the same app.
      await reload(page)
      expect((await recorded(page)).opened).toEqual([])
      await sign(page)
      expect((await recorded(page)).opened.map((call) => call.url)).toEqual([expect.stringMatching(REOPEN)])
      expect((await recorded(page)).opened[0]!.url).not.toBe(first!.url)

      await page.evaluate(() => (window as any).__latch.disconnect())
      await expect.poll(() => stored(page), WAIT).toBeNull()
    } finally {
      await context.close()
      await wallet.stop()
    }
  })

  it.each([
    ['a javascript: link', JSON.stringify({ href: 'javascript:window.__pwned=1//', name: 'Ambire Wallet' })],
    ['an unregistered scheme', JSON.stringify({ href: 'evil://', name: 'Ambire Wallet' })],
    ['garbage', '{broken'],
    ['another shape', JSON.stringify(['ambire://'])],
  ])('drops %s stored in its place, opens nothing for the next request, and keeps working', async (_, hostile) => {
    await withConnectedPhone(`deeplink-hostile-${hostile.length}`, async (page) => {
      await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [KEY, hostile])
      await reload(page)
      expect(await stored(page)).toBeNull()
      await sign(page)
      expect(await recorded(page)).toEqual({ opened: [], followed: [] })
      expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined()
    })
  })

  it("never follows a javascript: link in the WalletConnect client's own key (WALLETCONNECT_DEEPLINK_CHOICE), which that client would open unchecked", async () => {
    await withConnectedPhone('deeplink-wc-key', async (page) => {
      await page.evaluate(() => localStorage.setItem('WALLETCONNECT_DEEPLINK_CHOICE', JSON.stringify({ href: 'javascript:window.__pwned=1//', name: 'x' })))
      await reload(page)
      await sign(page)
      // Only the kit's own, checked choice is opened.
      expect((await recorded(page)).opened.map((call) => call.url)).toEqual([expect.stringMatching(REOPEN)])
      expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined()
    })
  })
})

/** Reloads the page and waits for the kit to restore the WalletConnect session. */
async function reload(page: Page): Promise<void> {
  await page.reload()
  await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
  await page.evaluate(() => (window as any).__latch.ready)
  await expect.poll(() => address(page), WAIT).toBe(account.address)
}

/**
 * A phone connected by Ambire's mobile link, its choice stored and followed by a first signing
 * request (the positive control), handed to `run`; disconnected and closed afterwards.
 */
async function withConnectedPhone(storagePrefix: string, run: (page: Page) => Promise<void>): Promise<void> {
  const wallet = await startWalletKitWallet({ relayUrl: stack.relay.relayUrl, account, chainId: 31337, storagePrefix })
  const context = await stack.browser.newContext(PHONE)
  try {
    const page = await loadPage(context)
    await connectByMobileLink(page, wallet)
    await expect.poll(async () => JSON.parse((await stored(page)) ?? 'null'), WAIT).toEqual(AMBIRE)
    await sign(page)
    expect((await recorded(page)).opened.map((call) => call.url)).toEqual([expect.stringMatching(REOPEN)])
    await run(page)
    await page.evaluate(() => (window as any).__latch.disconnect())
  } finally {
    await context.close()
    await wallet.stop()
  }
}
