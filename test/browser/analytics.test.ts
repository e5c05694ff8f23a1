import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type LatchServer } from '../../server/createServer.js'
import { DEV_PROJECT, type Project } from '../../server/plugins/projects/projects.js'
import { startTestPageStack, type TestPageStack } from '../support/startTestPageStack.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'

// Issue 10, SPEC §6/§7/§8: the kit reads /getAnalyticsConfig and posts the modal's events with
// POST /e, through createKit with the real plugins, against the reference backend in Chromium.
const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 7 })
const WALLET_INFO = { uuid: '5d1c0f3e-8b2a-4c6d-9e0f-1a2b3c4d5e6f', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }
/** Generous: a slow 2-core machine shared with other suites. */
const WAIT = { timeout: 20_000 }

const project = (id: string, changes: Partial<Project> = {}): Project => ({ ...DEV_PROJECT, allowedOrigins: [...DEV_PROJECT.allowedOrigins], id, ...changes })
const PROJECTS = {
  collecting: project('latch-analytics-on'),
  notCollecting: project('latch-analytics-off', { features: { ...DEV_PROJECT.features, analytics: false } }),
  // The test page is served from loopback, which this project's allow-list does not admit.
  foreign: project('latch-foreign', { allowedOrigins: ['https://shop.example'] }),
  revoked: project('latch-revoked'),
}

let stack: TestPageStack
let server: LatchServer
let apiUrl: string

beforeAll(async () => {
  ;[stack, server] = await Promise.all([
    startTestPageStack(fileURLToPath(new URL('./fixtures/analyticsPage.ts', import.meta.url))),
    createServer({ projects: Object.values(PROJECTS) }),
  ])
  apiUrl = await server.listen(0)
})
afterAll(async () => {
  await stack?.close()
  await server?.close()
})

/** What the backend's `/e` store holds for a project, oldest first. */
function storedEvents(projectId: string): Array<{ type: string; event: string; properties?: Record<string, unknown>; address?: string }> {
  const rows = server.db.prepare('SELECT body FROM events WHERE project_id = ? ORDER BY id').all(projectId) as Array<{ body: string }>
  return rows.map((row) => JSON.parse(row.body).props)
}

interface AnalyticsPage {
  page: Page
  /** The analytics calls the page made, by path. */
  calls: string[]
  /** Whether the wallet accepts the next connect. */
  wallet: { approve: boolean }
}

/** The host page on a project, with the test wallet announced, its kit ready. */
async function openPage(projectId: string, options: { features?: { analytics?: boolean }; remoteConfig?: boolean; debug?: boolean } = {}): Promise<AnalyticsPage> {
  const page = await stack.browser.newPage()
  const control = { approve: true }
  const rpcUrl = stack.chain.rpcUrl
  const wallet = createTestEip1193Wallet({ account, chains: { 31337: rpcUrl, 31338: rpcUrl }, approve: (method) => method !== 'eth_requestAccounts' || control.approve })
  const calls: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname === '/e' || pathname === '/getAnalyticsConfig') calls.push(pathname)
  })
  await page.addInitScript((config) => Object.assign(window, { __latchAnalyticsConfig: config }), { apiUrl, projectId, rpcUrl, ...options })
  await exposeTestEip1193Wallet(page, wallet, WALLET_INFO)
  await page.goto(stack.site.url)
  await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
  await page.evaluate(() => (window as any).__latch.ready)
  return { page, calls, wallet: control }
}

/**
 * What a visitor does: opens the modal, picks the wallet and rejects, tries again and accepts
 * (the modal closes itself), then switches network.
 */
async function visit({ page, wallet }: AnalyticsPage): Promise<void> {
  wallet.approve = false
  await page.evaluate(() => (window as any).__latch.open())
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await dialog.getByRole('button', { name: /Latch Test Wallet/ }).click(WAIT)
  await page.getByText('Connection rejected').waitFor(WAIT)
  wallet.approve = true
  await page.getByRole('button', { name: 'Try again' }).click(WAIT)
  await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT })
  await page.waitForFunction(() => Boolean((window as any).__latch.state().address), undefined, WAIT)
  await page.evaluate(() => (window as any).__latch.switchNetwork('eip155:31338'))
  await page.waitForFunction(() => (window as any).__latch.state().caipNetworkId === 'eip155:31338', undefined, WAIT)
}

/** The events `visit` makes, named and shaped as AppKit 1.7.10 posts them. */
const VISIT_EVENTS = [
  { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
  { type: 'track', event: 'CONNECT_ERROR', properties: { message: 'Connection rejected', code: 'KIT_CONNECTION_REJECTED', connectorId: 'io.latch.testwallet', connectorType: 'ANNOUNCED' } },
  { type: 'track', event: 'CONNECT_SUCCESS', properties: { method: 'browser', name: 'Latch Test Wallet', connectorType: 'ANNOUNCED', namespace: 'eip155' }, address: account.address },
  { type: 'track', event: 'MODAL_CLOSE', properties: { connected: true }, address: account.address },
  { type: 'track', event: 'SWITCH_NETWORK', properties: { network: 'eip155:31338' }, address: account.address },
]

describe('given a project that collects analytics', () => {
  it("posts the modal's events to the backend's /e store: open, connect error and success with the connector type, close, network switch", async () => {
    const host = await openPage(PROJECTS.collecting.id)
    await visit(host)
    await expect.poll(() => storedEvents(PROJECTS.collecting.id), WAIT).toEqual(VISIT_EVENTS)
    expect(host.calls.filter((path) => path === '/getAnalyticsConfig')).toHaveLength(1)
    await host.page.close()
  })

  it('reports no connect for a connection restored at start-up, and reports the disconnect', async () => {
    const before = storedEvents(PROJECTS.collecting.id).length
    const host = await openPage(PROJECTS.collecting.id)
    await visit(host)
    await expect.poll(() => storedEvents(PROJECTS.collecting.id).length, WAIT).toBe(before + VISIT_EVENTS.length)
    await host.page.reload()
    await host.page.waitForFunction(() => (window as any).__latch?.state().address !== undefined, undefined, WAIT)
    await host.page.evaluate(() => (window as any).__latch.open())
    await host.page.evaluate(() => (window as any).__latch.disconnect())
    await expect.poll(() => storedEvents(PROJECTS.collecting.id).slice(before + VISIT_EVENTS.length), WAIT).toEqual([
      { type: 'track', event: 'MODAL_OPEN', properties: { connected: true }, address: account.address },
      // Sent once disconnected: no address, as AppKit's.
      { type: 'track', event: 'DISCONNECT_SUCCESS', properties: { namespace: 'eip155' } },
    ])
    await host.page.close()
  })
})

describe('given analytics turned off', () => {
  // Each page does what the collecting project's page did; the collecting page runs after them,
  // so once its events are stored, anything the others would have posted would be too.
  it('posts nothing when the host sets features: { analytics: false }, and never reads the configuration', async () => {
    const off = await openPage(PROJECTS.collecting.id, { features: { analytics: false } })
    const before = storedEvents(PROJECTS.collecting.id).length
    await visit(off)
    const control = await openPage(PROJECTS.collecting.id)
    await visit(control)
    await expect.poll(() => storedEvents(PROJECTS.collecting.id).length, WAIT).toBe(before + VISIT_EVENTS.length)
    expect(off.calls).toEqual([])
    await Promise.all([off.page.close(), control.page.close()])
  })

  it("posts nothing for a project with analytics off, whether remote configuration or /getAnalyticsConfig says so", async () => {
    const byRemoteConfig = await openPage(PROJECTS.notCollecting.id)
    // Without remote configuration the kit learns it from /getAnalyticsConfig alone.
    const byAnalyticsConfig = await openPage(PROJECTS.notCollecting.id, { remoteConfig: false })
    const before = storedEvents(PROJECTS.collecting.id).length
    await visit(byRemoteConfig)
    await visit(byAnalyticsConfig)
    const control = await openPage(PROJECTS.collecting.id)
    await visit(control)
    await expect.poll(() => storedEvents(PROJECTS.collecting.id).length, WAIT).toBe(before + VISIT_EVENTS.length)
    expect(byRemoteConfig.calls).toEqual([])
    expect(byAnalyticsConfig.calls).toEqual(['/getAnalyticsConfig'])
    expect(storedEvents(PROJECTS.notCollecting.id)).toEqual([])
    await Promise.all([byRemoteConfig.page.close(), byAnalyticsConfig.page.close(), control.page.close()])
  })
})

describe("given an origin off the project's allow-list", () => {
  const alertsIn = (page: Page) => page.getByRole('dialog').getByRole('status').filter({ hasText: 'Invalid App Configuration' })

  it("shows 'Invalid App Configuration' once, however many events follow", async () => {
    const host = await openPage(PROJECTS.foreign.id)
    await visit(host)
    await host.page.evaluate(() => (window as any).__latch.open())
    await expect.poll(() => alertsIn(host.page).count(), WAIT).toBe(1)
    await expect.poll(() => alertsIn(host.page).innerText(), WAIT).toContain("This page's origin is not on the project's allow-list.")
    await alertsIn(host.page).screenshot({ path: 'test-results/screenshots/analytics-invalid-app-configuration.png' })
    expect(await host.page.evaluate(() => (window as any).__latch.alerts)).toEqual(['Invalid App Configuration'])
    expect(storedEvents(PROJECTS.foreign.id)).toEqual([])
    await host.page.close()
  })

  /**
   * Opens the modal, waits for the kit to raise the alert, then closes and opens it again: the
   * dialog shows only through a render after the alert, which has the alert if the modal shows alerts.
   */
  async function reopenAfterAlert({ page }: AnalyticsPage): Promise<void> {
    await page.evaluate(() => (window as any).__latch.open())
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor(WAIT)
    await expect.poll(() => page.evaluate(() => (window as any).__latch.alerts), WAIT).toEqual(['Invalid App Configuration'])
    await page.evaluate(() => (window as any).__latch.close())
    await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT })
    await page.evaluate(() => (window as any).__latch.open())
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor(WAIT)
  }

  it('raises it but shows nothing when the host is not in debug mode (SPEC §4)', async () => {
    // The control: in debug mode, the same steps show it.
    const debug = await openPage(PROJECTS.foreign.id)
    await reopenAfterAlert(debug)
    expect(await alertsIn(debug.page).count()).toBe(1)
    await debug.page.close()

    const host = await openPage(PROJECTS.foreign.id, { debug: false })
    await reopenAfterAlert(host)
    expect(await alertsIn(host.page).count()).toBe(0)
    await host.page.close()
  })

  it('shows it once when POST /e starts answering 403 after the project drops the origin', async () => {
    const host = await openPage(PROJECTS.revoked.id)
    await host.page.evaluate(() => (window as any).__latch.open())
    await expect.poll(() => storedEvents(PROJECTS.revoked.id).map((e) => e.event), WAIT).toEqual(['MODAL_OPEN'])
    // The project's operator removes this origin through the admin API while the page is open.
    const patched = await fetch(`${apiUrl}/admin/api/projects/${PROJECTS.revoked.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ allowedOrigins: [] }),
    })
    expect(patched.status).toBe(200)
    const refused: string[] = []
    host.page.on('response', (response) => new URL(response.url()).pathname === '/e' && response.status() === 403 && refused.push(response.url()))
    await host.page.evaluate(() => (window as any).__latch.close())
    await host.page.evaluate(() => (window as any).__latch.open())
    await host.page.evaluate(() => (window as any).__latch.close())
    await host.page.evaluate(() => (window as any).__latch.open())
    await expect.poll(() => refused.length, WAIT).toBe(4)
    await expect.poll(() => host.page.evaluate(() => (window as any).__latch.alerts), WAIT).toEqual(['Invalid App Configuration'])
    expect(await alertsIn(host.page).count()).toBe(1)
    expect(storedEvents(PROJECTS.revoked.id).map((e) => e.event)).toEqual(['MODAL_OPEN'])
    await host.page.close()
  })
})
