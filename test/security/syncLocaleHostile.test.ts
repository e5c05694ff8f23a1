import type { Browser, Frame, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FRAME_LOCALES_PATH } from '../../chains/auth/frameLocaleParam.js'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { launchBrowser } from '../support/launchBrowser.js'
import { startHttpServer, type TestHttpServer } from '../support/startHttpServer.js'
import { FRAME_WAIT, frameRequest, openFrameHostPage, startFrameHost } from './frameHost.js'

// Issue 30: SYNC_LOCALE switches the wallet frame's words live (kit.setLocale). The frame fetches
// the new locale's messages by name, so a hostile name could try to make it fetch something else
// or change its language behind the kit's back. Positive control first: a valid SYNC_LOCALE from
// the page switches the frame to German and fetches de.json alone. Then, from the page: a name not
// shipped, paths, a huge string, non-strings; and from a frame of another origin, a valid name.
// The frame keeps German and makes no request at all (each of its requests is observed in Chromium).

let backend: RunningBackend
let browser: Browser
let host: TestHttpServer
let attacker: TestHttpServer

beforeAll(async () => {
  ;[backend, browser] = await Promise.all([startBackend({ rateLimit: false, dev: true }), launchBrowser()])
  host = await startFrameHost(backend, 'sync-locale-host')
  // Another origin (127.0.0.1, the host page is at localhost) whose page, embedded in the host
  // page, posts a well-formed SYNC_LOCALE to the wallet frame beside it.
  attacker = await startHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(`<!doctype html><title>x</title><script>
      parent.frames[0].postMessage({ type: '@w3m-app/SYNC_LOCALE', id: 'evil-1', payload: { locale: 'fr' } }, '*')
      document.title = 'posted'
    </script>`)
  })
}, 300_000)
afterAll(async () => {
  await browser?.close()
  await Promise.all([host?.close(), attacker?.close()])
  await backend?.close()
})

const walletFrameOf = (page: Page): Frame => page.frames().find((frame) => frame.url().startsWith(backend.secureSiteUrl) && new URL(frame.url()).pathname === '/')!
const spoken = (frame: Frame) => frame.evaluate(() => [document.documentElement.lang, document.title])

describe('given a page embedding the wallet frame in English', () => {
  it('30: a valid SYNC_LOCALE switches it (positive control); hostile ones from the page or another origin leave it German and fetch nothing', { timeout: 180_000 }, async () => {
    const page = await openFrameHostPage(browser, host)
    const frame = walletFrameOf(page)
    const fetched: string[] = []
    page.context().on('request', (request: Request) => {
      if (request.frame() === frame) fetched.push(request.url())
    })
    expect(await spoken(frame)).toEqual(['en', 'Latch secure wallet'])

    // Positive control: the kit's message switches the frame, which fetches German's messages alone.
    expect(await frameRequest(page, backend, 'SYNC_LOCALE', { locale: 'de' })).toEqual({ ok: true, payload: { locale: 'de' } })
    await expect.poll(() => spoken(frame), FRAME_WAIT).toEqual(['de', 'Latch – sichere Wallet'])
    expect(fetched).toEqual([`${backend.secureSiteUrl}${FRAME_LOCALES_PATH}de.json`])
    fetched.length = 0

    // From the page: names the secure site has no catalogue for, paths, a huge string, non-strings.
    const hostile: unknown[] = ['tlh', '../../x', 'de/../../../package', '..%2F..%2Fx', '__proto__', 'constructor', 'x'.repeat(1_000_000), 42, null, true, ['fr'], { toString: 'fr' }]
    for (const locale of hostile) {
      const reply = await frameRequest(page, backend, 'SYNC_LOCALE', { locale })
      const named = JSON.stringify(locale).slice(0, 40)
      expect({ named, reply }).toEqual({ named, reply: { ok: true, payload: { locale: 'de' } } })
    }
    expect((await frameRequest(page, backend, 'SYNC_LOCALE', 'fr')).payload).toEqual({ locale: 'de' })
    expect((await frameRequest(page, backend, 'SYNC_LOCALE')).payload).toEqual({ locale: 'de' })

    // From another origin's frame in the same page: posted, and dropped (not the parent, not its origin).
    await page.evaluate((src) => document.body.append(Object.assign(document.createElement('iframe'), { src })), attacker.url)
    await expect.poll(() => page.frames().find((candidate) => candidate.url().startsWith(attacker.url))?.title(), FRAME_WAIT).toBe('posted')
    // A round trip after it: the frame has handled every message posted before.
    expect((await frameRequest(page, backend, 'SYNC_THEME', { themeMode: 'dark' })).ok).toBe(true)
    expect(await spoken(frame)).toEqual(['de', 'Latch – sichere Wallet'])
    expect(fetched).toEqual([])
    await page.close()
  })
})
