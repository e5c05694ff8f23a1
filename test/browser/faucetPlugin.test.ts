import { rm } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { createPublicClient, createTestClient, http, isAddress, parseEther } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startHardhatNode, type HardhatNode } from '../../server/chains/startHardhatNode.js'
import { buildTestPage } from '../support/buildTestPage.js'
import { expectNoSeriousAxeViolations } from '../support/expectNoSeriousAxeViolations.js'
import { launchBrowser } from '../support/launchBrowser.js'
import { serveDirectory } from '../support/serveDirectory.js'
import { sendJson, startHttpServer, type TestHttpServer } from '../support/startHttpServer.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'

// The third-party faucet plugin (examples/faucet-plugin) in a real kit: its Connect method, its
// Account action and its styled view, a request that funds the account on a hardhat chain, and
// remote configuration unloading and reloading it live.

const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 7 })
const WALLET_INFO = { uuid: '8e3f9a4c-5d6e-4f70-8182-93a4b5c6d7e8', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }
const WAIT = { timeout: 15_000 }

let chain: HardhatNode
let api: TestHttpServer
let site: Awaited<ReturnType<typeof serveDirectory>>
let outdir: string
let browser: Browser
/** What `GET /appkit/v1/config` answers for the `faucet` flag. */
let faucetOn = true
/** Whether the faucet service answers 503 instead of funding. */
let faucetDown = false

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'GET, POST' }

/** The faucet service: funds the address with 1 ETH on the local chain (`hardhat_setBalance`). */
async function fund(response: ServerResponse, body: string) {
  const { address, caipNetworkId } = JSON.parse(body) as { address: string; caipNetworkId: string }
  if (!isAddress(address) || caipNetworkId !== 'eip155:31337') return sendJson(response, 400, { code: 'BAD_REQUEST', message: 'Unknown address or network' })
  const before = await createPublicClient({ transport: http(chain.rpcUrl) }).getBalance({ address })
  await createTestClient({ mode: 'hardhat', transport: http(chain.rpcUrl) }).setBalance({ address, value: before + parseEther('1') })
  sendJson(response, 200, { funded: address })
}

beforeAll(async () => {
  ;[chain, outdir, browser, api] = await Promise.all([
    startHardhatNode({ chainId: 31337 }),
    buildTestPage(fileURLToPath(new URL('./fixtures/faucetPage.ts', import.meta.url))),
    launchBrowser(),
    startHttpServer((request, response, body) => {
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
      if (request.method === 'OPTIONS') return void response.writeHead(204, CORS).end()
      if (path === '/appkit/v1/config') return sendJson(response, 200, { features: { faucet: faucetOn } })
      if (path === '/getWallets') return sendJson(response, 200, { count: 0, data: [] })
      if (path === '/faucet' && request.method === 'POST' && faucetDown) return sendJson(response, 503, { code: 'UNAVAILABLE', message: 'Faucet is dry' })
      if (path === '/faucet' && request.method === 'POST') return void fund(response, body).catch((error: Error) => sendJson(response, 500, { code: 'FUND_FAILED', message: error.message }))
      sendJson(response, 404, { code: 'NOT_FOUND', message: 'Not found' })
    }),
  ])
  site = await serveDirectory(outdir)
})
afterAll(async () => {
  await browser?.close()
  await Promise.all([chain?.stop(), site?.close(), api?.close()])
  if (outdir) await rm(outdir, { recursive: true, force: true })
})

const latch = (page: Page) => ({
  open: (view?: string) => page.evaluate((name) => (window as any).__latch.open(name), view),
  setTheme: (mode: 'dark' | 'light') => page.evaluate((theme) => (window as any).__latch.setTheme(theme), mode),
  refreshConfig: () => page.evaluate(() => (window as any).__latch.refreshConfig() as Promise<boolean | undefined>),
  hasView: (name: string) => page.evaluate((view) => (window as any).__latch.hasView(view) as boolean, name),
  pluginStatus: () => page.evaluate(() => (window as any).__latch.state().plugins.faucet as string),
})

/** The text of every stylesheet adopted by the modal's shadow root that holds the faucet's CSS. */
const faucetStyles = (page: Page) =>
  page.evaluate(() =>
    [...(document.querySelector('latch-modal')?.shadowRoot?.adoptedStyleSheets ?? [])]
      .map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join('\n'))
      .filter((css) => css.includes('.faucet-'))
      .map((css) => ({ css })),
  )

/** The faucet page with the test wallet in the browser, the kit ready, nothing connected. */
async function openPage(): Promise<Page> {
  // A context of its own: axe needs one (@axe-core/playwright refuses `browser.newPage()` pages).
  const page = await (await browser.newContext()).newPage()
  const wallet = createTestEip1193Wallet({ account, chains: { 31337: chain.rpcUrl } })
  await page.addInitScript((config) => Object.assign(window, { __latchFaucetConfig: config }), { rpcUrl: chain.rpcUrl, apiUrl: api.url })
  await exposeTestEip1193Wallet(page, wallet, WALLET_INFO)
  await page.goto(site.url)
  await page.waitForFunction(() => (window as unknown as { __latch?: unknown }).__latch !== undefined, undefined, WAIT)
  await page.evaluate(() => (window as any).__latch.ready)
  return page
}

/** Connects the test wallet from the Connect view the modal is showing; the modal then closes. */
async function connectWallet(page: Page) {
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Latch Test Wallet/ }).click()
  await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT })
}

describe('given the faucet example plugin, with remote configuration turning `faucet` on', () => {
  beforeEach(() => {
    faucetOn = true
    faucetDown = false
  })

  it('adds a Connect method, an Account action and a styled Faucet view that funds the connected account on chain', async () => {
    const page = await openPage()
    const dialog = page.getByRole('dialog')

    // Connect: the faucet's method, which opens its view; with no wallet there is nothing to fund.
    await latch(page).open()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor(WAIT)
    await dialog.getByRole('button', { name: 'Get test funds' }).click()
    await page.getByRole('dialog', { name: 'Faucet' }).waitFor(WAIT)
    await dialog.getByText('Connect an EVM wallet to receive test funds.').waitFor(WAIT)
    expect(await dialog.getByRole('button', { name: 'Request 1 ETH' }).isDisabled()).toBe(true)
    await dialog.getByRole('button', { name: 'Back' }).click()
    await connectWallet(page)

    // Account: the faucet's action opens its view.
    await latch(page).open()
    await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
    await dialog.getByRole('button', { name: 'Faucet', exact: true }).click()
    await page.getByRole('dialog', { name: 'Faucet' }).waitFor(WAIT)
    await dialog.locator('.faucet-address').waitFor(WAIT)

    // Its CSS is in the shadow root, as the view's own adopted stylesheet, and applies.
    expect(await faucetStyles(page)).toEqual([{ css: expect.stringContaining('.faucet-view') }])
    expect(await dialog.locator('.faucet-view').evaluate((element) => getComputedStyle(element).display)).toBe('grid')
    expect(await dialog.locator('.faucet-address').evaluate((element) => getComputedStyle(element).borderRadius)).toBe('999px')

    // The request reaches the faucet service, which funds the account: 1 ETH more on chain.
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const before = await client.getBalance({ address: account.address })
    const seen = api.requests.length
    await dialog.getByRole('button', { name: 'Request 1 ETH' }).click()
    await dialog.getByRole('status').filter({ hasText: 'Funds sent' }).waitFor(WAIT)
    expect(await client.getBalance({ address: account.address })).toBe(before + parseEther('1'))
    const requests = api.requests.slice(seen).filter((request) => request.method === 'POST' && request.url === '/faucet')
    expect(requests.map((request) => JSON.parse(request.body))).toEqual([{ address: account.address, caipNetworkId: 'eip155:31337' }])

    for (const theme of ['dark', 'light'] as const) {
      await latch(page).setTheme(theme)
      await expectNoSeriousAxeViolations(page)
    }
    await page.context().close()
  })

  it("says 'The faucet could not send funds' when the service refuses, and the balance stays", async () => {
    faucetDown = true
    const page = await openPage()
    const dialog = page.getByRole('dialog')
    await latch(page).open()
    await connectWallet(page)
    await latch(page).open('Faucet')
    await page.getByRole('dialog', { name: 'Faucet' }).waitFor(WAIT)
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const before = await client.getBalance({ address: account.address })
    await dialog.getByRole('button', { name: 'Request 1 ETH' }).click()
    await dialog.getByRole('status').filter({ hasText: 'The faucet could not send funds' }).waitFor(WAIT)
    expect(await client.getBalance({ address: account.address })).toBe(before)
    // The button works again: the visitor may retry.
    expect(await dialog.getByRole('button', { name: 'Request 1 ETH' }).isEnabled()).toBe(true)
    await page.context().close()
  })

  it('takes the method, the action, the view and its styles away when `faucet` turns off (kit.refreshConfig), and brings them back when it turns on', async () => {
    const page = await openPage()
    const dialog = page.getByRole('dialog')
    await latch(page).open()
    await connectWallet(page)
    await latch(page).open()
    await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
    await dialog.getByRole('button', { name: 'Faucet', exact: true }).click()
    await page.getByRole('dialog', { name: 'Faucet' }).waitFor(WAIT)
    await dialog.locator('.faucet-view').waitFor(WAIT)
    expect(await faucetStyles(page)).toHaveLength(1)

    // Off: the plugin unloads; the view it was showing leaves the stack, back to Account.
    faucetOn = false
    expect(await latch(page).refreshConfig()).toBe(false)
    await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
    expect(await latch(page).pluginStatus()).toBe('skipped')
    expect(await latch(page).hasView('Faucet')).toBe(false)
    expect(await dialog.getByRole('button', { name: 'Faucet', exact: true }).count()).toBe(0)
    expect(await faucetStyles(page)).toEqual([])
    await latch(page).open('Connect')
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor(WAIT)
    await dialog.getByRole('button', { name: /Latch Test Wallet/ }).waitFor(WAIT)
    expect(await dialog.getByRole('button', { name: 'Get test funds' }).count()).toBe(0)

    // On again: the Connect view, still showing, gains the method back; then the action and the view.
    faucetOn = true
    expect(await latch(page).refreshConfig()).toBe(true)
    await dialog.getByRole('button', { name: 'Get test funds' }).waitFor(WAIT)
    expect(await faucetStyles(page)).toHaveLength(1)
    await latch(page).open('Account')
    await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
    await dialog.getByRole('button', { name: 'Faucet', exact: true }).click()
    await page.getByRole('dialog', { name: 'Faucet' }).waitFor(WAIT)
    await dialog.getByRole('button', { name: 'Request 1 ETH' }).waitFor(WAIT)
    expect(await dialog.locator('.faucet-view').evaluate((element) => getComputedStyle(element).display)).toBe('grid')
    await page.context().close()
  })
})
