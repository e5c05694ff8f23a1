import { mkdirSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHardhatNode, type HardhatNode } from '../../server/chains/startHardhatNode.js'
import { buildTestPage } from '../support/buildTestPage.js'
import { launchBrowser } from '../support/launchBrowser.js'
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

/** The account page with an EVM wallet connected through the modal, Account open. */
async function connected(theme: 'dark' | 'light'): Promise<Page> {
  const page = await browser.newPage()
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

describe.each(['dark', 'light'] as const)('with an EVM wallet and a Solana network listed (%s theme)', (theme) => {
  it("says 'Token Balance Unavailable' without a balance service (SPEC §8)", async () => {
    const page = await connected(theme)
    const snackbar = page.locator('.snackbar')
    await expect.poll(() => snackbar.innerText()).toBe('Token Balance Unavailable')
    // Within 30 s a new visit to Account does not retry, so nothing new is said.
    await snackbar.waitFor({ state: 'detached' })
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await page.evaluate(() => (window as any).__latch.open())
    await page.getByRole('dialog', { name: 'Account' }).waitFor()
    // The first visit's snackbar came from Account's mount effect, a rejected read and one render:
    // two frames and a task later, the same path on this visit would have shown it too.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))))
    expect(await snackbar.count()).toBe(0)
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
