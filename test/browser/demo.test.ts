import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page, Request } from 'playwright-core'
import { createServer, type LatchServer } from '../../server/createServer.js'
import { launchBrowser } from '../support/launchBrowser.js'
import { devFetch } from '../support/devRoute.js'
import { startDemo, type DemoStack } from '../support/startDemo.js'

let server: LatchServer
let url: string
let browser: Browser

beforeAll(async () => {
  server = await createServer({ staticDir: 'examples/dist' })
  url = await server.listen(0)
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** A fresh page on the demo (its own context), loaded without a page error, its connect button shown. */
async function openDemo(query = '', prepare?: (page: Page) => Promise<void>): Promise<Page> {
  const page = await browser.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await prepare?.(page)
  await page.goto(`${url}/${query}`)
  await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
  expect(errors).toEqual([])
  return page
}

const dialog = (page: Page) => page.locator('latch-modal dialog')

describe('the demo page', () => {
  it('opens the modal on the Connect view as a labelled dialog', async () => {
    const page = await openDemo()
    const button = page.getByRole('button', { name: 'Connect Wallet' })
    await button.click()
    const modal = page.getByRole('dialog', { name: 'Connect Wallet' })
    await modal.waitFor()
    expect(await dialog(page).getAttribute('data-view')).toBe('Connect')
    expect(await dialog(page).evaluate((element) => (element as HTMLDialogElement).open)).toBe(true)
    // Focus moved inside the dialog.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('LATCH-MODAL')
    await page.screenshot({ path: 'test-results/screenshots/connect-dark.png' })
    await page.close()
  })

  it('has an icon of its own: nothing the page asks for is missing (no /favicon.ico 404)', async () => {
    const missing: string[] = []
    const page = await openDemo('', async (p) => void p.on('response', (response) => void (response.status() >= 400 && missing.push(`${response.status()} ${response.url()}`))))
    const icon = await page.locator('link[rel="icon"]').evaluate((link) => (link as HTMLLinkElement).href)
    const served = await fetch(icon)
    expect([served.status, served.headers.get('content-type')]).toEqual([200, expect.stringContaining('image/svg+xml')])
    // The browser asks for the icon once the page has loaded: each request it made has been answered,
    // but the demo's probe for a secure site, which this catalogue-only server does not run.
    await page.waitForLoadState('networkidle')
    expect(missing.filter((line) => !line.endsWith('/demo/secure-site'))).toEqual([])
    await page.close()
  })

  it('closes on Escape and returns focus to the connect button', async () => {
    const page = await openDemo()
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'hidden' })
    expect(await dialog(page).evaluate((element) => (element as HTMLDialogElement).open)).toBe(false)
    expect(
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.latchButton),
    ).toBe('connect')
    await page.close()
  })

  it('renders the light theme when the host asks for it', async () => {
    const light = await openDemo('?theme=light')
    await light.getByRole('button', { name: 'Connect Wallet' }).click()
    await light.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    const background = await dialog(light).evaluate((element) => getComputedStyle(element).backgroundColor)
    expect(background).toBe('rgb(255, 255, 255)')
    await light.screenshot({ path: 'test-results/screenshots/connect-light.png' })
    await light.close()
  })
})

/** The requests a page made, in order, and those still unanswered (the config stream stays open by design: not counted). */
function watchRequests(page: Page): { paths: string[]; pending: Set<Request> } {
  const watched = { paths: [] as string[], pending: new Set<Request>() }
  page.on('request', (request) => {
    watched.paths.push(new URL(request.url()).pathname)
    if (request.resourceType() !== 'eventsource') watched.pending.add(request)
  })
  const answered = (request: Request) => watched.pending.delete(request)
  page.on('requestfinished', answered)
  page.on('requestfailed', answered)
  return watched
}

/**
 * Runs the page's clock a minute at a time until such a minute, with every request answered,
 * starts no new request: whatever the page had due by then (a timer, an idle callback, a chunk
 * that imports the next) has been requested, however slow the machine.
 */
async function settle(page: Page, watched: ReturnType<typeof watchRequests>): Promise<void> {
  for (let seen = -1; seen !== watched.paths.length; ) {
    seen = watched.paths.length
    await page.clock.runFor(60_000)
    await expect.poll(() => watched.pending.size).toBe(0)
  }
}

describe('the view chunks of the demo page', () => {
  const accountView = (path: string) => /\/AccountView-[^/]+\.js$/.test(path)
  /** The demo on the page's own clock, its requests watched, every plugin loaded (so each registered its views). */
  async function openWatched(): Promise<{ page: Page; watched: ReturnType<typeof watchRequests> }> {
    let watched: ReturnType<typeof watchRequests> | undefined
    const page = await openDemo('', async (p) => {
      await p.clock.install()
      watched = watchRequests(p)
    })
    await page.getByRole('list', { name: 'Plugins' }).getByRole('listitem').filter({ hasText: 'account: loaded' }).waitFor()
    await page.getByRole('list', { name: 'Plugins' }).getByRole('listitem').filter({ hasText: 'activity: loaded' }).waitFor()
    return { page, watched: watched! }
  }

  it('are fetched once the visitor first opens the modal, at idle, not before', async () => {
    // The control: opened at once, the same wait sees the Account view's chunk fetched.
    const opened = await openWatched()
    await opened.page.getByRole('button', { name: 'Connect Wallet' }).click()
    await opened.page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    await settle(opened.page, opened.watched)
    expect(opened.watched.paths.filter(accountView)).toHaveLength(1)
    await opened.page.close()

    // Never opened: the same wait, and nothing of the views is fetched.
    const fresh = await openWatched()
    await settle(fresh.page, fresh.watched)
    expect(fresh.watched.paths.filter(accountView)).toEqual([])

    await fresh.page.getByRole('button', { name: 'Connect Wallet' }).click()
    await fresh.page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    await expect.poll(() => fresh.watched.paths.filter(accountView).length, { timeout: 15_000 }).toBe(1)
    await fresh.page.close()
  })
})

describe('the demo on the whole backend, as `npm start` serves it', () => {
  const WAIT = { timeout: 30_000 }
  let stack: DemoStack
  beforeAll(async () => (stack = await startDemo({ chains: true })), 180_000)
  afterAll(() => stack?.close())

  it('offers sign-in with wallet, Solana, Polkadot and Bitcoin, and says where the dev mailbox is', async () => {
    const page = await stack.openDemo()
    const chains = page.getByRole('list', { name: 'Chains' })
    for (const entry of ['EVM: 2 networks', 'Solana: 1 network', 'Polkadot: 1 network', 'Bitcoin: 1 network'])
      await chains.getByRole('listitem').filter({ hasText: entry }).waitFor(WAIT)
    await page.getByRole('list', { name: 'Plugins' }).getByRole('listitem').filter({ hasText: /^siwx:/ }).waitFor(WAIT)

    const tryIt = page.getByRole('region', { name: 'Try it' })
    const mailbox = `${stack.url}/dev/mailbox?email=you@example.com`
    await tryIt.getByText('dev mailbox').waitFor(WAIT)
    expect(await tryIt.innerText()).toContain(mailbox)
    expect(await tryIt.innerText()).toContain('.data/admin-token')
    // The panel's mailbox answers with the admin token it names, and refuses without it.
    expect((await devFetch({ url: stack.url, adminToken: stack.adminToken! }, '/dev/mailbox?email=you@example.com')).status).toBe(200)
    expect((await fetch(mailbox)).status).toBe(401)
    await page.screenshot({ path: 'test-results/screenshots/demo-try-it.png', fullPage: true })

    // Sign-in with wallet is one click away: the link reloads the demo with it on.
    await tryIt.getByRole('link', { name: 'Turn it on' }).click()
    await page.getByRole('list', { name: 'Plugins' }).getByRole('listitem').filter({ hasText: 'siwx: loaded' }).waitFor(WAIT)
    await tryIt.getByRole('link', { name: 'Turn it off' }).waitFor(WAIT)
    await page.close()
  })

  it("adds the panel's Solana test wallet, funded by the local cluster, connects it and signs in with it", async () => {
    const page = await stack.openDemo('?siwx')
    const tryIt = page.getByRole('region', { name: 'Try it' })
    await tryIt.getByRole('button', { name: 'Add a Solana test wallet' }).click()
    const added = tryIt.getByRole('status').filter({ hasText: 'Latch Test Solana Wallet added' })
    await added.waitFor(WAIT)
    const address = await added.locator('code').innerText()

    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Latch Test Solana Wallet/ }).click(WAIT)
    // Sign-in with wallet is on (?siwx): the modal asks for the message, the wallet signs it.
    const signIn = page.getByRole('dialog', { name: 'Sign In' })
    await signIn.getByRole('button', { name: 'Sign', exact: true }).click(WAIT)
    await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT })
    await tryIt.getByRole('status').filter({ hasText: 'Signed in.' }).waitFor(WAIT)

    // The account button shows the Solana account and the airdrop it holds on the cluster.
    const accountButton = page.locator('[data-latch-button="account"]')
    await expect.poll(() => accountButton.innerText(), WAIT).toContain(address.slice(0, 4))
    await expect.poll(() => accountButton.innerText(), WAIT).toMatch(/10(\.0+)?\s*SOL/)
    const rpc = stack.deployment!.solana.rpcUrl
    const balance = await fetch(rpc, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }) })
    expect(((await balance.json()) as { result: { value: number } }).result.value).toBe(10 * 1_000_000_000)

    // A reload keeps the wallet, its connection and the session, as a visitor's extension would.
    await page.reload()
    await expect.poll(() => accountButton.innerText(), WAIT).toMatch(/10(\.0+)?\s*SOL/)
    await tryIt.getByRole('status').filter({ hasText: 'Signed in.' }).waitFor(WAIT)
    await page.screenshot({ path: 'test-results/screenshots/demo-solana-connected.png' })
    await page.close()
  })
})
