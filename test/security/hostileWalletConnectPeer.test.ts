import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPageStack, type TestPageStack } from '../support/startTestPageStack.js'
import { startWalletKitWallet } from '../support/wallets/startWalletKitWallet.js'
import { step } from '../support/step.js'

// A WalletConnect wallet names itself: its session metadata's name and icons reach the modal's
// Connected wallets (chains/walletconnect/peerWalletOf.ts). A hostile peer writes markup and
// script into its name, makes it 500 characters long, and offers icons that would run script
// (`javascript:`, `data:text/html`) or call another host over plain http. On the real stack (our
// relay, a real WalletKit wallet, Chromium): a normal peer's name and icon show (positive
// control); the hostile one's name is text, shortened, runs nothing, and its icons are refused
// for the letter fallback.
const WAIT = { timeout: 30_000 }
const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 7 })
/** A 1×1 PNG: an icon the modal keeps. */
const PNG_ICON = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const HOSTILE_MARKUP = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>'
const HOSTILE_NAME = `${HOSTILE_MARKUP}${'W'.repeat(500 - HOSTILE_MARKUP.length)}`
const HOSTILE_ICONS = ['javascript:window.__pwned=3', 'data:text/html,<script>parent.__pwned=4</script>', 'http://evil.example/icon.png']

let stack: TestPageStack
beforeAll(async () => {
  stack = await startTestPageStack(fileURLToPath(new URL('../browser/fixtures/walletConnectOnlyPage.ts', import.meta.url)))
}, 300_000)
afterAll(() => stack?.close())

type Latch = { ready: Promise<boolean>; open(): Promise<void>; address(): string | undefined }
const latch = (page: Page) => page.evaluate(() => (window as unknown as { __latch: Latch }).__latch.address())

/**
 * Pairs a WalletKit wallet that names itself with `metadata` to a fresh page (WalletConnect
 * only, the pairing link copied from the modal), and opens the modal's Connected wallets. The
 * page notes every request it makes to another host, and any script the peer ran.
 */
async function connectPeer(storagePrefix: string, metadata: { name: string; icons: unknown[] }): Promise<{ page: Page; requests: string[]; stop(): Promise<void> }> {
  const { relay, chain, site, browser } = stack
  const wallet = await startWalletKitWallet({ relayUrl: relay.relayUrl, account, chainId: 31337, storagePrefix, metadata: { ...metadata, description: 'test wallet', url: 'http://127.0.0.1' } })
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
  const page = await context.newPage()
  const requests: string[] = []
  page.on('request', (request) => {
    const host = new URL(request.url()).hostname
    if (host !== '127.0.0.1' && host !== 'localhost' && !request.url().startsWith('data:')) requests.push(request.url())
  })
  await page.addInitScript((config) => Object.assign(window, { __latchWcOnlyConfig: config }), { relayUrl: relay.relayUrl, rpcUrl: chain.rpcUrl, options: { manualWCControl: true } })
  await page.goto(site.url)
  await page.waitForFunction(() => (window as unknown as { __latch?: Latch }).__latch !== undefined)
  await page.evaluate(() => (window as unknown as { __latch: Latch }).__latch.ready)
  await page.evaluate(() => (window as unknown as { __latch: Latch }).__latch.open())
  await page.getByRole('button', { name: 'Copy link' }).click(WAIT)
  await page.getByText('Link copied').waitFor(WAIT)
  await wallet.pair(await page.evaluate(() => navigator.clipboard.readText()))
  await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT })
  await expect.poll(() => latch(page), WAIT).toBe(account.address)
  await page.evaluate(() => (window as unknown as { __latch: Latch }).__latch.open())
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Connected wallets' }).click(WAIT)
  await page.getByRole('list', { name: 'Connected wallets' }).waitFor(WAIT)
  return {
    page,
    requests,
    stop: async () => {
      await context.close()
      await wallet.stop()
    },
  }
}

/** The live connection's row in Connected wallets: its name as shown, its icon's src if an image, else its letter. */
async function liveRow(page: Page): Promise<{ name: string; iconSrc: string | null; letter: string | null; overflows: boolean }> {
  const row = page.getByRole('list', { name: 'Connected wallets' }).getByRole('listitem').first()
  const name = row.locator('.token-name > bdi').first()
  const image = row.locator('img')
  return {
    name: (await name.textContent()) ?? '',
    iconSrc: (await image.count()) > 0 ? await image.getAttribute('src') : null,
    letter: (await row.locator('.glyph').count()) > 0 ? await row.locator('.glyph').textContent() : null,
    // The name stays inside the dialog: a long name must not push the row past its edge.
    overflows: await row.evaluate((element) => {
      const dialog = element.closest('dialog')!.getBoundingClientRect()
      return [...element.querySelectorAll('*')].some((child) => child.getBoundingClientRect().right > dialog.right + 1)
    }),
  }
}

describe('given a WalletConnect wallet names itself in its session metadata', () => {
  it('positive control: a normal peer’s name and icon show in Connected wallets', { timeout: 120_000 }, async () => {
    const peer = await connectPeer('peer-normal', { name: 'Friendly Wallet', icons: [PNG_ICON] })
    try {
      expect(await liveRow(peer.page)).toEqual({ name: 'Friendly Wallet', iconSrc: PNG_ICON, letter: null, overflows: false })
    } finally {
      await peer.stop()
    }
  })

  it('attack: a peer whose name is markup and script, 500 characters long, with script and foreign icons, shows as shortened text with its letter, and runs nothing', { timeout: 120_000 }, async () => {
    const peer = await connectPeer('peer-hostile', { name: HOSTILE_NAME, icons: HOSTILE_ICONS })
    try {
      const row = await step('the row shows the name as text, shortened with an ellipsis, inside the dialog, and the letter instead of an icon', () => liveRow(peer.page))
      expect(row.name.endsWith('…')).toBe(true)
      expect(HOSTILE_NAME.startsWith(row.name.slice(0, -1))).toBe(true)
      expect([...row.name].length).toBeLessThanOrEqual(64)
      expect(row).toMatchObject({ iconSrc: null, letter: '<', overflows: false })
      await step('no element of the peer’s markup exists in the modal, no script ran, and no other host was called', async () => {
        const injected = await peer.page.evaluate(() => {
          const modal = document.querySelector('latch-modal')!.shadowRoot!
          return modal.querySelectorAll('script, img[src="x"], iframe').length
        })
        expect(injected).toBe(0)
        expect(await peer.page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined()
        expect(peer.requests).toEqual([])
      })
    } finally {
      await peer.stop()
    }
  })

  it('attack: a peer whose icons are not a list, and whose name hides direction overrides, still connects, named plainly', { timeout: 120_000 }, async () => {
    const peer = await connectPeer('peer-odd', { name: 'Safe\u202eWallet', icons: 'javascript:window.__pwned=5' as unknown as unknown[] })
    try {
      expect(await liveRow(peer.page)).toEqual({ name: 'SafeWallet', iconSrc: null, letter: 'S', overflows: false })
      expect(await peer.page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined()
    } finally {
      await peer.stop()
    }
  })
})
