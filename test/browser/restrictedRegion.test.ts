import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type LatchServer } from '../../server/createServer.js'
import { buildTestPage } from '../support/buildTestPage.js'
import { launchBrowser } from '../support/launchBrowser.js'
import { serveDirectory } from '../support/serveDirectory.js'

// SPEC §1's restricted timezones, in Chromium with createKit and the real plugins: a visitor whose
// browser is in one of them is served by the host's `restrictedRegionUrls` (two reference backends
// here: the usual one and the regional one); a visitor elsewhere by the usual one.
const WAIT = { timeout: 30_000 }

let browser: Browser
let site: Awaited<ReturnType<typeof serveDirectory>>
let outdir: string
let main: LatchServer
let regional: LatchServer
let urls: { apiUrl: string; regionalApiUrl: string }

beforeAll(async () => {
  ;[outdir, browser, main, regional] = await Promise.all([
    buildTestPage(fileURLToPath(new URL('./fixtures/restrictedRegionPage.ts', import.meta.url))),
    launchBrowser(),
    createServer({}),
    createServer({}),
  ])
  site = await serveDirectory(outdir)
  urls = { apiUrl: await main.listen(0), regionalApiUrl: await regional.listen(0) }
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await Promise.all([site?.close(), main?.close(), regional?.close()])
  if (outdir) await rm(outdir, { recursive: true, force: true })
})

/** Opens the page in a browser set to `timezoneId`, opens Connect, and returns the service calls by backend. */
async function visitFrom(timezoneId: string) {
  const context = await browser.newContext({ timezoneId })
  const page = await context.newPage()
  const calls = { main: [] as string[], regional: [] as string[] }
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.origin === new URL(urls.apiUrl).origin) calls.main.push(url.pathname)
    if (url.origin === new URL(urls.regionalApiUrl).origin) calls.regional.push(url.pathname)
  })
  // No chain runs here: nothing in this visit reads one.
  await page.addInitScript((config) => Object.assign(window, { __latchRegionConfig: config }), { ...urls, rpcUrl: 'http://127.0.0.1:9/' })
  await page.goto(site.url)
  await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
  await page.evaluate(() => (window as any).__latch.ready)
  await page.evaluate(() => (window as any).__latch.open())
  await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor(WAIT)
  // The wallet catalogue is read once Connect shows: the last service call of this visit.
  await expect.poll(() => [...calls.main, ...calls.regional].some((path) => path.includes('/getWallets')), WAIT).toBe(true)
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId)
  await context.close()
  return calls
}

describe('a visitor in a restricted timezone', () => {
  it('from Europe/Berlin (the control), every service call goes to the usual backend', async () => {
    const calls = await visitFrom('Europe/Berlin')
    expect(calls.main).toEqual(expect.arrayContaining(['/appkit/v1/config']))
    expect(calls.regional).toEqual([])
  })

  it.each(['Asia/Shanghai', 'Asia/Hong_Kong'])('from %s, every service call goes to the regional backend', async (timezoneId) => {
    const calls = await visitFrom(timezoneId)
    expect(calls.regional).toEqual(expect.arrayContaining(['/appkit/v1/config']))
    expect(calls.main).toEqual([])
  })
})
