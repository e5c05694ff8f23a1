import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type LatchServer } from '../../server/createServer.js'
import { expectNoSeriousAxeViolations } from '../support/expectNoSeriousAxeViolations.js'
import { startTestPageStack, type TestPageStack } from '../support/startTestPageStack.js'
import { startWalletKitWallet } from '../support/wallets/startWalletKitWallet.js'

const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 6 })
let stack: TestPageStack
let chain: TestPageStack['chain']
let relay: TestPageStack['relay']
let site: TestPageStack['site']
let browser: TestPageStack['browser']

beforeAll(async () => {
  stack = await startTestPageStack(fileURLToPath(new URL('./fixtures/walletConnectOnlyPage.ts', import.meta.url)))
  ;({ chain, relay, site, browser } = stack)
})
afterAll(() => stack?.close())

type Latch = { ready: Promise<boolean>; open(): Promise<void>; address(): string | undefined; isOpen(): boolean }

/** A phone: touch screen (pointer: coarse), narrow viewport. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

async function openPage(options: Record<string, unknown>, device: Partial<typeof PHONE> = {}): Promise<Page> {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'], ...device })
  const page = await context.newPage()
  page.once('close', () => void context.close().catch(() => {}))
  await page.addInitScript((config) => Object.assign(window, { __latchWcOnlyConfig: config }), { relayUrl: relay.relayUrl, rpcUrl: chain.rpcUrl, options })
  await page.goto(site.url)
  await page.waitForFunction(() => (window as unknown as { __latch?: unknown }).__latch !== undefined)
  await page.evaluate(() => (window as unknown as { __latch: Latch }).__latch.ready)
  return page
}

describe.each(['dark', 'light'] as const)('WalletConnect in manual mode, %s theme', (theme) => {
  it('opens on the pairing QR code (ConnectingWalletConnectBasic) and connects the wallet that pairs with the copied link', async () => {
    const wallet = await startWalletKitWallet({ relayUrl: relay.relayUrl, account, chainId: 31337, storagePrefix: `basic-${theme}` })
    try {
      const page = await openPage({ manualWCControl: true, themeMode: theme })
      await page.evaluate(() => (window as unknown as { __latch: Latch }).__latch.open())
      await page.getByRole('dialog', { name: 'WalletConnect' }).waitFor()
      expect(await page.locator('latch-modal dialog').getAttribute('data-view')).toBe('ConnectingWalletConnectBasic')
      await page.getByRole('img', { name: 'WalletConnect QR code' }).waitFor()
      await expectNoSeriousAxeViolations(page)
      await page.screenshot({ path: `test-results/screenshots/ConnectingWalletConnectBasic-${theme}.png` })
      await page.getByRole('button', { name: 'Copy link' }).click()
      await page.getByText('Link copied').waitFor()
      const uri = await page.evaluate(() => navigator.clipboard.readText())
      expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
      await wallet.pair(uri)
      await page.getByRole('dialog').waitFor({ state: 'hidden' })
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __latch: Latch }).__latch.address()), { timeout: 15_000 })
        .toBe(account.address)
      await page.close()
    } finally {
      await wallet.stop()
    }
  })
})

describe('a host whose only adapter is WalletConnect (SPEC §2 rule 2)', () => {
  it('opens on the pairing QR code without manual mode, and on Connect once browser wallets are discovered too', async () => {
    const page = await openPage({})
    await page.evaluate(() => (window as unknown as { __latch: Latch }).__latch.open())
    await page.locator('latch-modal dialog[data-view="ConnectingWalletConnectBasic"]').waitFor({ timeout: 20_000 })
    await page.close()
    const withBrowserWallets = await openPage({ browserWallets: true })
    await withBrowserWallets.evaluate(() => (window as unknown as { __latch: Latch }).__latch.open())
    await withBrowserWallets.getByRole('dialog', { name: 'Connect Wallet' }).waitFor({ timeout: 20_000 })
    await withBrowserWallets.close()
  })
})

describe('a host whose only adapter is WalletConnect, on a phone (SPEC §2 rule 2)', () => {
  let catalogue: LatchServer
  beforeAll(async () => {
    catalogue = await createServer()
  })
  afterAll(() => catalogue?.close())

  // The test page declares a device-width viewport, as a phone-ready host page does.
  it('opens on AllWallets, the catalogue to pick a wallet app from, as a bottom sheet', async () => {
    const apiUrl = await catalogue.listen(0)
    const page = await openPage({ apiUrl }, PHONE)
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true)
    await page.evaluate(() => (window as unknown as { __latch: Latch }).__latch.open())
    const dialog = page.getByRole('dialog', { name: 'All Wallets' })
    await dialog.waitFor({ timeout: 20_000 })
    expect(await page.locator('latch-modal dialog').getAttribute('data-view')).toBe('AllWallets')
    await dialog.locator('[data-wallet-id]').first().waitFor({ timeout: 20_000 })
    // The narrow-screen layout: full width, at the bottom of the screen.
    const box = (await dialog.boundingBox())!
    expect(box.width).toBe(PHONE.viewport.width)
    expect(Math.round(box.y + box.height)).toBe(PHONE.viewport.height)
    await page.close()
  })
})

describe('a host that turned the legal checkbox on', () => {
  it('keeps every wallet disabled until the visitor agrees, and links only http(s) documents', async () => {
    const page = await openPage({
      browserWallets: true,
      features: { legalCheckbox: true },
      termsConditionsUrl: 'https://host.example/terms',
      privacyPolicyUrl: 'javascript:alert(1)',
    })
    await page.evaluate(() => (window as unknown as { __latch: Latch }).__latch.open())
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    const walletConnect = page.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: /WalletConnect/ })
    expect(await walletConnect.isDisabled()).toBe(true)
    expect(await page.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('https://host.example/terms')
    expect(await page.getByRole('link', { name: 'Privacy Policy' }).count()).toBe(0)
    await expectNoSeriousAxeViolations(page)
    await page.screenshot({ path: 'test-results/screenshots/ConnectLegal-dark.png' })
    await page.getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ }).check()
    expect(await walletConnect.isEnabled()).toBe(true)
    await walletConnect.click()
    await page.getByRole('img', { name: 'WalletConnect QR code' }).waitFor()
    await page.close()
  })
})
