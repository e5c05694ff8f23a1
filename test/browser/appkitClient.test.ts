// Issue 16: the real AppKit 1.7.10 client (its React quick start with the wagmi adapter, project
// `latch-dev`, and the same app on our local chain) against our backend in Chromium, its hosted
// service hosts routed to the backend and every other host aborted.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { createPublicClient, formatEther, http, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT } from '../../server/plugins/projects/projects.js'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { buildAppKitClient } from '../appkit/buildAppKitClient.js'
import { routeAppKitHosts, type AppKitRouting } from '../appkit/routeAppKitHosts.js'
import { launchBrowser } from '../support/launchBrowser.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'
import { serveDirectory } from '../support/serveDirectory.js'

/** The dev project with socials unlike AppKit's defaults (Google first), so the modal shows that it read our config. */
const PROJECT = { ...DEV_PROJECT, features: { ...DEV_PROJECT.features, socials: ['github', 'discord'] } }
const outDir = join(dirname(fileURLToPath(import.meta.url)), '../../test-results/appkit-client')
/** The quick start's networks: AppKit asks the catalogue for wallets on these. */
const CHAINS = 'eip155:1,eip155:42161'
/** AppKit's React quick start (mainnet and Arbitrum), and the same on our local chain 31337. */
const QUICKSTART = '/quickstart/index.html'
const LOCAL_CHAIN = '/local-chain/index.html'
/** A page origin no entry of the dev project's allow-list matches. */
const FOREIGN_ORIGIN = 'https://app.disallowed.test'
/** The injected wallet AppKit discovers by EIP-6963: the dev account on our local chains. */
const TEST_WALLET = {
  uuid: '6d0c4c5e-9b1e-4d8e-8a51-5b7f3c1e2a16',
  name: 'Latch Test Wallet',
  icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
  rdns: 'dev.latch.testwallet',
}
/**
 * AppKit's two themes (the pages take `?theme=light`): each walk runs in both, so docs/peers can set
 * its Connect, All Wallets and Activity captures beside Latch's baselines of either theme.
 */
const THEMES = ['dark', 'light'] as const
/** Generous for a slow 2-core machine: AppKit's bundle is large and loads its views lazily. */
const UI_TIMEOUT = 30_000

let backend: RunningBackend
let site: { url: string; close(): Promise<void> }
let browser: Browser

beforeAll(async () => {
  // The first run on a machine installs test/appkit's packages (under a minute on a warm npm cache); the build takes seconds.
  await buildAppKitClient(outDir)
  ;[backend, site, browser] = await Promise.all([startBackend({ projects: [PROJECT] }), serveDirectory(outDir), launchBrowser()])
}, 900_000)

afterAll(async () => {
  await browser?.close()
  await site?.close()
  await backend?.close()
})

interface AppKitPage {
  page: Page
  routing: AppKitRouting
  consoleErrors: string[]
  /** Responses the page got straight from the backend's URL (images answers link to). */
  fromBackend: Array<{ url: string; status: number }>
}

/**
 * Loads one built page in a fresh context, from our static server or under `origin`; `prepare`
 * runs before the page loads (to put a wallet in it).
 */
async function openAppKit(path: string, { origin, prepare }: { origin?: string; prepare?: (page: Page) => Promise<void> } = {}): Promise<AppKitPage> {
  const context = await browser.newContext()
  const routing = await routeAppKitHosts(context, backend.url, origin ? { origin, siteUrl: site.url } : undefined)
  const page = await context.newPage()
  const consoleErrors: string[] = []
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()))
  const fromBackend: AppKitPage['fromBackend'] = []
  page.on('response', (response) => response.url().startsWith(backend.url) && fromBackend.push({ url: response.url(), status: response.status() }))
  await prepare?.(page)
  await page.goto(`${origin ?? site.url}${path}`)
  return { page, routing, consoleErrors, fromBackend }
}

/** The rows of AppKit's Connect view, by the name each shows. */
const walletRows = (page: Page) => page.locator('wui-list-wallet').evaluateAll((rows) => rows.map((row) => row.getAttribute('name')))

/** The social logins AppKit's Connect view offers, by logo. */
const socialLogos = (page: Page) => page.locator('wui-logo-select, wui-list-social').evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('logo')))

/** What our catalogue answers AppKit, asked directly. */
async function catalogue(query: string): Promise<{ count: number; data: Array<{ id: string; name: string }> }> {
  return (await fetch(`${backend.url}/getWallets?projectId=latch-dev&${query}`)).json()
}

/** The All Wallets tag as AppKit 1.7.10 writes it: the count itself under 10, else rounded down to tens with '+'. */
const allWalletsTag = (count: number) => (count < 10 ? `${count}` : `${Math.floor(count / 10) * 10}${count % 10 ? '+' : ''}`)

describe.each(THEMES)('given the AppKit 1.7.10 client on an allowed origin (http://127.0.0.1:<port>), in its %s theme', (theme) => {
  it('16: opens on our config and catalogue with no allow-list alert, its search finds MetaMask, and no routed request fails', async () => {
    const { page, routing, consoleErrors } = await openAppKit(`${QUICKSTART}?theme=${theme}`)
    const recommended = await catalogue(`page=1&entries=4&chains=${CHAINS}`)

    await page.locator('appkit-button').click({ timeout: UI_TIMEOUT })
    // Our configuration, not AppKit's defaults: email, then exactly our two socials.
    await page.getByPlaceholder('Email').first().waitFor({ timeout: UI_TIMEOUT })
    await expect.poll(() => socialLogos(page), { timeout: UI_TIMEOUT }).toEqual(['github', 'discord'])
    await expect.poll(() => walletRows(page), { timeout: UI_TIMEOUT }).toContain('All Wallets')
    // Our recommended wallets, in our order, as many as AppKit's Connect view has room for.
    await expect.poll(async () => (await walletRows(page)).filter((name) => recommended.data.some((wallet) => wallet.name === name)).length, { timeout: UI_TIMEOUT }).toBeGreaterThan(0)
    const shown = (await walletRows(page)).filter((name) => recommended.data.some((wallet) => wallet.name === name))
    expect(shown).toEqual(recommended.data.slice(0, shown.length).map((wallet) => wallet.name))
    await expect
      .poll(() => page.locator('wui-list-wallet[name="All Wallets"] wui-tag').innerText(), { timeout: UI_TIMEOUT })
      .toBe(allWalletsTag(recommended.count))
    await page.screenshot({ path: `test-results/screenshots/appkit-connect-${theme}.png` })

    await page.locator('wui-list-wallet[name="All Wallets"]').click()
    await page.getByRole('searchbox').fill('MetaMask', { timeout: UI_TIMEOUT })
    const [metaMask] = (await catalogue(`page=1&entries=100&search=MetaMask&chains=${CHAINS}`)).data
    const result = page.locator(`w3m-all-wallets-search [data-testid="wallet-search-item-${metaMask!.id}"]`)
    await result.getByText('MetaMask', { exact: true }).waitFor({ timeout: UI_TIMEOUT })
    await page.screenshot({ path: `test-results/screenshots/appkit-search-${theme}.png` })

    // The origin check ran (AppKit does it once remote config turns on email or socials) and passed.
    expect(routing.routed.filter((request) => new URL(request.url).pathname === '/projects/v1/origins').map((request) => request.status)).toEqual([200])
    expect(await page.getByText('Invalid App Configuration').count()).toBe(0)
    expect(consoleErrors.filter((text) => text.includes('Allowlist'))).toEqual([])
    // Every call to the hosted services got a real answer: config, origins, wallets, every image, analytics.
    expect(routing.routed.filter((request) => request.status >= 400)).toEqual([])
    const paths = new Set(routing.routed.map((request) => new URL(request.url).pathname.replace(/\/[^/]*$/, '/…')))
    expect([...paths]).toEqual(expect.arrayContaining(['/appkit/v1/…', '/projects/v1/…', '/…', '/public/getAssetImage/…', '/getWalletImage/…']))
    await page.context().close()
  })
})

describe(`given the AppKit 1.7.10 client on an origin off the allow-list (${FOREIGN_ORIGIN})`, () => {
  it("16: shows AppKit's 'Invalid App Configuration' alert in the modal", async () => {
    const { page, consoleErrors } = await openAppKit(QUICKSTART, { origin: FOREIGN_ORIGIN })
    await page.locator('appkit-button').click({ timeout: UI_TIMEOUT })
    await page.getByText('Invalid App Configuration').waitFor({ timeout: UI_TIMEOUT })
    expect(consoleErrors).toContain(`Origin ${FOREIGN_ORIGIN} not found on Allowlist - update configuration on cloud.reown.com`)
    await page.screenshot({ path: 'test-results/screenshots/appkit-foreign-origin.png' })
    await page.context().close()
  })
})

describe.each(THEMES)('given the AppKit 1.7.10 client on our local chain, with an EIP-6963 test wallet, in its %s theme', (theme) => {
  it("16: connects, reads the account through our chain RPC and blockchain service, and shows the chain's balance and our history", async () => {
    const evm = backend.deployment.evm.find((chain) => chain.chainId === 31337)!
    const wallet = createTestEip1193Wallet({ account: mnemonicToAccount(backend.deployment.devMnemonic), chains: { 31337: evm.rpcUrl } })
    const { page, routing, fromBackend } = await openAppKit(`${LOCAL_CHAIN}?theme=${theme}`, { prepare: (page) => exposeTestEip1193Wallet(page, wallet, TEST_WALLET) })

    await page.locator('appkit-button').click({ timeout: UI_TIMEOUT })
    await page.locator(`wui-list-wallet[name="${TEST_WALLET.name}"]`).click({ timeout: UI_TIMEOUT })
    const address = backend.deployment.devAccount
    // The account button: the address AppKit shortens, and the balance it floors to 3 decimals (SPEC §5).
    await page.locator('appkit-button').getByText(`${address.slice(0, 4)}...${address.slice(-6)}`).waitFor({ timeout: UI_TIMEOUT })
    const wei = await createPublicClient({ transport: http(evm.rpcUrl) }).getBalance({ address: address as Hex })
    const shown = `${Math.floor(Number(formatEther(wei)) * 1000) / 1000} ETH`
    await page.locator('appkit-button').getByText(shown).waitFor({ timeout: UI_TIMEOUT })
    await page.screenshot({ path: `test-results/screenshots/appkit-connected-${theme}.png` })

    // Activity: our history of the account, with our names and icons for what the chain holds.
    await page.locator('appkit-button').getByText(`${address.slice(0, 4)}...${address.slice(-6)}`).click()
    await page.getByText('Activity', { exact: true }).click({ timeout: UI_TIMEOUT })
    await page.getByText('Latch Lanterns #0').waitFor({ timeout: UI_TIMEOUT })
    await page.getByText('UNI-V2').first().waitFor({ timeout: UI_TIMEOUT })
    expect(await page.getByText('UNKNOWN').count()).toBe(0)
    await page.screenshot({ path: `test-results/screenshots/appkit-activity-${theme}.png` })

    const pathsCalled = routing.routed.map((request) => `${request.method} ${new URL(request.url).host}${new URL(request.url).pathname}`)
    expect(pathsCalled).toEqual(
      expect.arrayContaining([
        'GET rpc.walletconnect.org/v1/supported-chains',
        'POST rpc.walletconnect.org/v1/',
        `GET rpc.walletconnect.org/v1/identity/${address}`,
        `GET rpc.walletconnect.org/v1/account/${address}/history`,
      ]),
    )
    expect(routing.routed.filter((request) => request.status >= 400)).toEqual([])
    // Icons the history names are fetched from the backend's own URL: each one is there.
    expect(fromBackend.filter((response) => response.status >= 400)).toEqual([])
    await page.context().close()
  })
})
