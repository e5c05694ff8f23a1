import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { isAddressEqual, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPageOnBackend, type PageOnBackend } from '../support/startPageOnBackend.js'
import { expectNoSeriousAxeViolations } from '../support/expectNoSeriousAxeViolations.js'
import { FarcasterTestClient, parseConnectUrl } from '../support/farcasterTestClient.js'

// Issue 12: Farcaster login in Chromium against the reference backend. The page shows the
// secure site's farcaster://connect URI; a Farcaster client in Node (a viem custody key, its fid
// registered in the local relay's ID-registry stand-in) reads it from the page, signs the
// Sign-In-With-Farcaster message and posts it to the relay, as a phone would after scanning.
const WAIT = { timeout: 30_000 }

let stack: PageOnBackend
let backend: PageOnBackend['backend']

beforeAll(async () => {
  stack = await startPageOnBackend(fileURLToPath(new URL('./fixtures/socialPage.ts', import.meta.url)))
  ;({ backend } = stack)
}, 300_000)
afterAll(() => stack?.close())

const dialog = (page: Page) => page.getByRole('dialog')
let visitors = 0
const newName = (label: string) => `${label}${Date.now().toString(36)}${++visitors}`
type Event = { event: string; properties?: Record<string, unknown> }
const state = (page: Page) => page.evaluate(() => (window as any).__latch.state()) as Promise<{ status?: string; address?: string; authDisplayName?: string; accounts?: Record<string, { farcasterUrl?: string }> }>

async function openConnect(): Promise<{ page: Page; events: Event[] }> {
  const page = await (await stack.browser.newContext()).newPage()
  const events: Event[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/e') events.push((request.postDataJSON() as { props: Event }).props)
  })
  await page.addInitScript((config) => Object.assign(window, { __latchSocialConfig: config }), {
    apiUrl: backend.url,
    rpcUrl: backend.deployment.evm.find((chain) => chain.chainId === 31337)!.rpcUrl,
    secureSiteUrl: backend.secureSiteUrl,
  })
  await page.goto(`${backend.url}/`)
  await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
  await page.evaluate(() => (window as any).__latch.ready)
  await page.evaluate(() => (window as any).__latch.open())
  await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor(WAIT)
  return { page, events }
}

/** Clicks Farcaster; returns the URI ConnectingFarcaster shows once its QR code is drawn. */
async function startFarcaster(page: Page): Promise<string> {
  await dialog(page).getByRole('button', { name: 'Continue with Farcaster' }).click()
  const view = page.getByRole('dialog', { name: 'Farcaster' })
  await view.getByRole('img', { name: 'Farcaster QR code' }).waitFor(WAIT)
  const link = view.getByRole('textbox', { name: 'Farcaster sign-in link' })
  await expect.poll(() => link.inputValue(), WAIT).toMatch(/^farcaster:\/\/connect\?/)
  return link.inputValue()
}

describe('Farcaster login through the local relay', () => {
  it('shows the URI as a QR code and a link; a Farcaster client approves it and the page connects the embedded address under the Farcaster username', async () => {
    const { page, events } = await openConnect()
    const buttons = await dialog(page).getByRole('region', { name: 'Social login' }).getByRole('button').evaluateAll((list) => list.map((b) => b.getAttribute('aria-label')))
    expect(buttons.indexOf('Continue with Farcaster')).toBe(3)

    const url = await startFarcaster(page)
    const view = page.getByRole('dialog', { name: 'Farcaster' })
    // The relying party is the secure site, for this page's host, with its own nonce.
    const connect = parseConnectUrl(url)
    expect(connect.domain).toBe(new URL(backend.url).host)
    expect(connect.siweUri).toBe(new URL(backend.url).origin)
    expect(await view.getByRole('link', { name: 'Open Farcaster' }).getAttribute('href')).toBe(url)
    await view.getByRole('status').getByText('Waiting for approval in Farcaster…').waitFor(WAIT)
    // SPEC §3 account state: the link the visitor is asked to open, while it waits.
    expect((await state(page)).accounts?.eip155?.farcasterUrl).toBe(url)
    await expectNoSeriousAxeViolations(page)

    const client = new FarcasterTestClient(backend, newName('fc'))
    await client.register()
    expect((await client.authenticate(url)).status).toBe(201)

    await expect.poll(() => state(page).then((s) => s.status), WAIT).toBe('connected')
    await dialog(page).waitFor({ state: 'hidden', ...WAIT })
    const { address, authDisplayName } = await state(page)
    expect(authDisplayName).toBe(client.username)
    const accounts = (await page.evaluate(() => (window as any).__latch.request('eth_accounts'))) as Address[]
    expect(isAddressEqual(accounts[0]!, address as Address)).toBe(true)
    // The embedded wallet's address, not the Farcaster custody key.
    expect(isAddressEqual(address as Address, client.custody.address)).toBe(false)
    await expect
      .poll(() => events.filter((e) => e.event.startsWith('SOCIAL_LOGIN_')).map((e) => [e.event, e.properties?.provider]), WAIT)
      .toEqual([
        ['SOCIAL_LOGIN_STARTED', 'farcaster'],
        ['SOCIAL_LOGIN_REQUEST_USER_DATA', 'farcaster'],
        ['SOCIAL_LOGIN_SUCCESS', 'farcaster'],
      ])

    // The same fid in another browser is the same embedded account.
    const second = await openConnect()
    expect((await client.authenticate(await startFarcaster(second.page))).status).toBe(201)
    await expect.poll(() => state(second.page).then((s) => s.address), WAIT).toBe(address)
  })

  it("closing the modal while waiting ends in 'Popup closed'; the URI is dropped and a new try gets a fresh one that connects", async () => {
    const { page, events } = await openConnect()
    const first = await startFarcaster(page)
    // Marks the frame that is waiting on the first URI: SPEC §2 has it reloaded when the view is left.
    await page.evaluate(() => document.getElementById('w3m-iframe')!.setAttribute('data-waiting', 'first'))
    await dialog(page).getByRole('button', { name: 'Close' }).click()
    await dialog(page).waitFor({ state: 'hidden', ...WAIT })
    await expect.poll(() => events.find((e) => e.event === 'SOCIAL_LOGIN_ERROR')?.properties, WAIT).toMatchObject({ provider: 'farcaster', message: 'Popup closed' })
    expect((await state(page)).status).not.toBe('connected')
    await expect.poll(() => page.evaluate(() => document.getElementById('w3m-iframe')?.getAttribute('data-waiting') ?? 'reloaded'), WAIT).toBe('reloaded')
    // The relay still takes an approval of the first URI, but the reloaded frame no longer waits on it.
    const late = new FarcasterTestClient(backend, newName('late'))
    await late.register()
    expect((await late.authenticate(first)).status).toBe(201)

    await page.evaluate(() => (window as any).__latch.open())
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor(WAIT)
    const second = await startFarcaster(page)
    expect(parseConnectUrl(second).channelToken).not.toBe(parseConnectUrl(first).channelToken)
    const client = new FarcasterTestClient(backend, newName('again'))
    await client.register()
    expect((await client.authenticate(second)).status).toBe(201)
    await expect.poll(() => state(page).then((s) => [s.status, s.authDisplayName]), WAIT).toEqual(['connected', client.username])
    // The analytics post leaves after the connection: wait for it, then check it came once.
    await expect.poll(() => events.filter((e) => e.event === 'SOCIAL_LOGIN_SUCCESS').length, WAIT).toBeGreaterThan(0)
    expect(events.filter((e) => e.event === 'SOCIAL_LOGIN_SUCCESS')).toHaveLength(1)
  })

  it('going back from Farcaster unconnected reloads the frame once Connect is on screen, not while the view is still changing', async () => {
    const { page } = await openConnect()
    await startFarcaster(page)
    // Notes which view the dialog showed at the moment the frame was taken down for its reload.
    await page.evaluate(() => {
      const remove = HTMLIFrameElement.prototype.remove
      HTMLIFrameElement.prototype.remove = function (this: HTMLIFrameElement) {
        if (this.id === 'w3m-iframe') (window as any).__frameRemovedOnView = document.querySelector('latch-modal')!.shadowRoot!.querySelector('dialog')!.dataset.view
        remove.call(this)
      }
    })
    await dialog(page).getByRole('button', { name: 'Back' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor(WAIT)
    await expect.poll(() => page.evaluate(() => (window as any).__frameRemovedOnView), WAIT).toBe('Connect')
    expect((await state(page)).status).not.toBe('connected')
    await page.close()
  })

  it("a message signed by a key that is not the fid's custody is refused by the relay, and the page keeps waiting", async () => {
    const { page } = await openConnect()
    const url = await startFarcaster(page)
    const client = new FarcasterTestClient(backend, newName('forger'))
    await client.register()
    const impostor = new FarcasterTestClient(backend, 'impostor')
    const refused = await client.authenticate(url, { signer: impostor.custody })
    expect(refused.status).toBe(401)
    // Still waiting: the real custody key then connects on the same URI.
    await page.getByRole('dialog', { name: 'Farcaster' }).getByRole('status').getByText('Waiting for approval in Farcaster…').waitFor(WAIT)
    expect((await client.authenticate(url)).status).toBe(201)
    await expect.poll(() => state(page).then((s) => s.authDisplayName), WAIT).toBe(client.username)
  })
})
