import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type LatchServer } from '../../server/createServer.js'
import { DEV_PROJECT, type Project } from '../../server/plugins/projects/projects.js'
import { startTestPageStack, type TestPageStack } from '../support/startTestPageStack.js'

// SPEC §6/§7/§8: with email or social login, the kit reads the project's allowed origins
// (GET /projects/v1/origins) once the modal first opens, and tells a page off the list with
// 'Invalid App Configuration'; a 429 raises 'Rate Limited'. Through createKit with the real
// plugins, against the reference backend, in Chromium (the page is served from 127.0.0.1).
/** Generous: a slow 2-core machine shared with other suites. */
const WAIT = { timeout: 20_000 }

const project = (id: string, allowedOrigins: string[]): Project => ({ ...DEV_PROJECT, id, allowedOrigins, features: { ...DEV_PROJECT.features, analytics: false } })
const PROJECTS = {
  foreign: project('latch-origins-foreign', ['https://shop.example']),
  // A pattern for another host: matching must read the host, not just the port's wildcard.
  otherHost: project('latch-origins-localhost', ['http://localhost:*']),
  listed: project('latch-origins-listed', ['https://shop.example', 'http://127.0.0.1:*']),
}

let stack: TestPageStack
let server: LatchServer
let limited: LatchServer
let apiUrl: string
let limitedUrl: string

beforeAll(async () => {
  ;[stack, server, limited] = await Promise.all([
    startTestPageStack(fileURLToPath(new URL('./fixtures/allowedOriginsPage.ts', import.meta.url))),
    createServer({ projects: Object.values(PROJECTS) }),
    createServer({ projects: Object.values(PROJECTS), rateLimit: { max: 3, windowMs: 10 * 60_000 } }),
  ])
  ;[apiUrl, limitedUrl] = await Promise.all([server.listen(0), limited.listen(0)])
})
afterAll(async () => {
  await stack?.close()
  await Promise.all([server?.close(), limited?.close()])
})

interface OriginsPage {
  page: Page
  /** GET /projects/v1/origins requests the page sent. */
  originsRequests: number
  /** The status of each answer to GET /projects/v1/origins, in order. */
  originsAnswers: number[]
}

/** The host page on a project and service; its kit ready, the modal still closed. */
async function openPage(projectId: string, serviceUrl = apiUrl): Promise<OriginsPage> {
  const page = await stack.browser.newPage()
  const host: OriginsPage = { page, originsRequests: 0, originsAnswers: [] }
  const isOrigins = (url: string) => new URL(url).pathname === '/projects/v1/origins'
  page.on('request', (request) => void (isOrigins(request.url()) && host.originsRequests++))
  page.on('response', (response) => void (isOrigins(response.url()) && host.originsAnswers.push(response.status())))
  // The secure site is never reached here: the check does not wait for the frame.
  await page.addInitScript((config) => Object.assign(window, { __latchOriginsConfig: config }), {
    apiUrl: serviceUrl,
    projectId,
    rpcUrl: stack.chain.rpcUrl,
    secureSiteUrl: 'http://127.0.0.1:9',
  })
  await page.goto(stack.site.url)
  await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
  await page.evaluate(() => (window as any).__latch.ready)
  return host
}

const alerts = (page: Page) => page.evaluate(() => [...(window as any).__latch.alerts] as string[])

/** Opens the modal and waits until the kit has checked the allowed origins; returns the outcome. */
async function openModalAndAwaitOrigins(host: OriginsPage): Promise<{ listed: boolean | undefined }> {
  expect(host.originsRequests).toBe(0) // nothing asked before the modal opens
  await host.page.evaluate(() => (window as any).__latch.open())
  await host.page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor(WAIT)
  return host.page.evaluate(
    (ms) => Promise.race([(window as any).__latch.originsChecked, new Promise((_, reject) => setTimeout(() => reject(new Error('the kit never checked the allowed origins')), ms))]),
    WAIT.timeout,
  )
}

describe('a page whose origin the project does not list', () => {
  it("shows 'Invalid App Configuration' in the modal once it opens", async () => {
    for (const id of [PROJECTS.foreign.id, PROJECTS.otherHost.id]) {
      const host = await openPage(id)
      expect(await openModalAndAwaitOrigins(host)).toEqual({ listed: false })
      expect(await alerts(host.page)).toContain('Invalid App Configuration')
      const shown = host.page.getByRole('dialog').getByRole('status').filter({ hasText: 'Invalid App Configuration' })
      await expect.poll(() => shown.count(), WAIT).toBe(1)
      expect(host.originsAnswers).toEqual([200])
      await host.page.close()
    }
  })
})

describe('a page the project lists by pattern', () => {
  it('raises no alert', async () => {
    const host = await openPage(PROJECTS.listed.id)
    expect(await openModalAndAwaitOrigins(host)).toEqual({ listed: true })
    expect(host.originsAnswers).toEqual([200])
    expect(await alerts(host.page)).not.toContain('Invalid App Configuration')
    await host.page.close()
  })
})

describe('a rate-limited service', () => {
  it("shows 'Rate Limited' when the allowed origins answer 429", async () => {
    // Use up this client's requests on the limited service, as a busy page would.
    let status = 0
    while (status !== 429) status = (await fetch(`${limitedUrl}/projects/v1/origins?projectId=${PROJECTS.listed.id}`)).status
    const host = await openPage(PROJECTS.listed.id, limitedUrl)
    expect(await openModalAndAwaitOrigins(host)).toEqual({ listed: undefined })
    expect(host.originsAnswers).toEqual([429])
    expect(await alerts(host.page)).toContain('Rate Limited')
    expect(await alerts(host.page)).not.toContain('Invalid App Configuration')
    await host.page.close()
  })
})
