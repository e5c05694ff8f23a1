import { mkdirSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BALANCE_RETRY_GUARD_MS } from '../../plugins/account/AccountStore.js'
import { startHardhatNode, type HardhatNode } from '../../server/chains/startHardhatNode.js'
import { SNACKBAR_SWAP_MS, SNACKBAR_VISIBLE_MS } from '../../ui-shell/stores/SnackbarStore.js'
import { buildTestPage } from '../support/buildTestPage.js'
import { launchBrowser } from '../support/launchBrowser.js'
import { pausePageClock } from '../support/pausePageClock.js'
import { serveDirectory } from '../support/serveDirectory.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'

const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 5 })
const WALLET_INFO = { uuid: '6d2e8f3b-4c5d-4e6f-9071-8293a4b5c6d7', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }
const SHOTS = 'test-results/screenshots'

let chain: HardhatNode
let site: Awaited<ReturnType<typeof serveDirectory>>
let outdir: string
let browser: Browser

beforeAll(async () => {
  ;[chain, outdir, browser] = await Promise.all([
    startHardhatNode({ chainId: 31337 }),
    buildTestPage(fileURLToPath(new URL('./fixtures/accountPage.ts', import.meta.url))),
    launchBrowser(),
  ])
  site = await serveDirectory(outdir)
  mkdirSync(SHOTS, { recursive: true })
})
afterAll(async () => {
  await browser?.close()
  await Promise.all([chain?.stop(), site?.close()])
  if (outdir) await rm(outdir, { recursive: true, force: true })
})

/** The account page with an EVM wallet connected through the modal, Account open; `clock`: on the page's own clock. */
async function connected(theme: 'dark' | 'light', { clock = false } = {}): Promise<Page> {
  const page = await browser.newPage()
  if (clock) await page.clock.install()
  const wallet = createTestEip1193Wallet({ account, chains: { 31337: chain.rpcUrl } })
  await page.addInitScript((config) => Object.assign(window, { __latchAccountConfig: config }), { rpcUrl: chain.rpcUrl, theme })
  await exposeTestEip1193Wallet(page, wallet, WALLET_INFO)
  await page.goto(site.url)
  await page.waitForFunction(() => (window as unknown as { __latch?: unknown }).__latch !== undefined)
  await page.evaluate(() => (window as any).__latch.ready)
  await page.evaluate(() => (window as any).__latch.open())
  await page.getByRole('dialog').getByRole('button', { name: /Latch Test Wallet/ }).click()
  await page.getByRole('dialog').waitFor({ state: 'hidden' })
  await page.evaluate(() => (window as any).__latch.open())
  await page.getByRole('dialog', { name: 'Account' }).waitFor()
  return page
}

/** From now on, records the text of every snackbar the modal shows. */
async function recordSnackbars(page: Page): Promise<void> {
  await page.evaluate(() => {
    const shown: string[] = []
    const record = (node: Node) => {
      if (!(node instanceof Element)) return
      for (const element of [node, ...node.querySelectorAll('.snackbar')]) {
        if (element.matches('.snackbar')) shown.push(element.textContent ?? '')
      }
    }
    const observer = new MutationObserver((mutations) => mutations.forEach((mutation) => mutation.addedNodes.forEach(record)))
    observer.observe(document.querySelector('latch-modal')!.shadowRoot!, { childList: true, subtree: true })
    Object.assign(window, { __snackbarsShown: shown })
  })
}
const recordedSnackbars = (page: Page) => page.evaluate(() => (window as any).__snackbarsShown as string[])

describe.each(['dark', 'light'] as const)('with an EVM wallet and a Solana network listed (%s theme)', (theme) => {
  it("says 'Token Balance Unavailable' without a balance service (SPEC §8)", async () => {
    const page = await connected(theme, { clock: true })
    const snackbar = page.locator('.snackbar')
    await expect.poll(() => snackbar.innerText()).toBe('Token Balance Unavailable')
    // From here the page's time moves only when the test moves it: the next visit is surely within the 30 s.
    await pausePageClock(page)
    await page.clock.runFor(SNACKBAR_VISIBLE_MS)
    await snackbar.waitFor({ state: 'detached' })
    await recordSnackbars(page)
    const reopenAccount = async () => {
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
      await page.evaluate(() => (window as any).__latch.open())
      // The view itself, not only its title: it has mounted, and its mount effect reads the balances.
      await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Connected wallets' }).waitFor()
    }
    // A second visit within the 30 s reads nothing, so nothing new is said…
    await reopenAccount()
    // …as the next read shows: once the 30 s have passed, the same visit reads again and says so. A
    // snackbar from the visit before would have been recorded first (its 150 ms swap run, should it still be up).
    await page.clock.fastForward(BALANCE_RETRY_GUARD_MS)
    await reopenAccount()
    await page.clock.runFor(SNACKBAR_SWAP_MS)
    await expect.poll(() => recordedSnackbars(page)).toContain('Token Balance Unavailable')
    expect(await recordedSnackbars(page)).toEqual(['Token Balance Unavailable'])
    await page.close()
  })

  it('picking Solana opens SwitchActiveChain, then Connect (SPEC §2)', async () => {
    const page = await connected(theme)
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Latch Local', exact: true }).click()
    await page.getByRole('dialog', { name: 'Choose Network' }).waitFor()
    await dialog.getByRole('button', { name: /Solana Local/ }).click()
    await page.getByRole('dialog', { name: 'Switch Chain' }).waitFor()
    await expect.poll(() => dialog.innerText()).toContain('Switch to Solana Local')
    await dialog.screenshot({ path: `${SHOTS}/SwitchActiveChain-${theme}.png`, animations: 'disabled' })
    await dialog.getByRole('button', { name: 'Connect a wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    expect(await page.evaluate(() => (window as any).__latch.state().caipNetworkId)).toMatch(/^solana:/)
    await page.close()
  })
})

describe('a wallet on a chain the host does not list', () => {
  it("connects instead of failing with 'Chain is not supported', and is offered the switch (as AppKit does)", async () => {
    const page = await browser.newPage()
    // The wallet is on 31339 and knows no other chain; the visitor first declines adding the host's 31337.
    let declineSwitch = true
    const wallet = createTestEip1193Wallet({
      account,
      chains: { 31339: chain.rpcUrl },
      approve: (method) => !(declineSwitch && ['wallet_switchEthereumChain', 'wallet_addEthereumChain'].includes(method)),
    })
    await page.addInitScript((config) => Object.assign(window, { __latchAccountConfig: config }), { rpcUrl: chain.rpcUrl, theme: 'dark' })
    await exposeTestEip1193Wallet(page, wallet, WALLET_INFO)
    await page.goto(site.url)
    await page.waitForFunction(() => (window as unknown as { __latch?: unknown }).__latch !== undefined)
    await page.evaluate(() => (window as any).__latch.ready)
    await page.evaluate(() => (window as any).__latch.open())
    await page.getByRole('dialog').getByRole('button', { name: /Latch Test Wallet/ }).click()
    // Connected on its own chain, which the kit marks unsupported: the modal then offers the host's networks.
    await expect.poll(() => page.evaluate(() => (window as any).__latch.state()), { timeout: 15_000 }).toMatchObject({ status: 'connected', caipNetworkId: 'eip155:31339' })
    await page.evaluate(() => (window as any).__latch.open())
    await page.getByRole('dialog', { name: 'Switch Network' }).waitFor({ timeout: 15_000 })

    declineSwitch = false
    await page.getByRole('dialog').getByRole('list', { name: 'Networks' }).getByRole('button', { name: /Latch Local/ }).click()
    await expect.poll(() => wallet.chainId, { timeout: 15_000 }).toBe(31337)
    await expect.poll(() => page.evaluate(() => (window as any).__latch.state().caipNetworkId), { timeout: 15_000 }).toBe('eip155:31337')
    await page.close()
  })
})
