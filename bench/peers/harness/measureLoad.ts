import type { Browser } from 'playwright-core'
import type { BenchApp } from './apps.js'
import { installProbe, type ProbeState } from './installProbe.js'

/** One fresh load of one app. Times are ms; the heap is bytes. */
export interface LoadSample {
  /** Navigation start to the first frame with the connect button laid out. */
  buttonMs: number
  /** The click event to the first frame with the modal's first content laid out. */
  clickToContentMs: number
  /** V8 heap in use at the load event + 2 s, after a full GC. */
  heapBytes: number
  /** Gzip bytes of every script the page fetched by then, lazy chunks included. */
  loadedJsGzipBytes: number
  /** Requests and WebSockets to anything but loopback, aborted: host names and counts. */
  blocked: Record<string, number>
}

// A RegExp rather than a function: Playwright then matches in the browser-side driver and loopback
// requests never make the round trip to this process, which would slow the apps with most chunks.
const NOT_LOOPBACK = /^(?!(https?|wss?):\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\/)/
const TIMEOUT_MS = 30_000

export interface MeasureLoadOptions {
  /** When set, a PNG of the open modal is written there (to check what was measured). */
  screenshot?: string
  /** Gzip bytes of a served file, from its URL path. */
  servedGzipBytes(path: string): number
}

/**
 * Loads `url` in a fresh browser context (empty cache and storage) with every non-loopback
 * request aborted, then: waits for the button, reads the heap at load + 2 s after a GC, clicks
 * the button with the mouse and waits for the modal's first content.
 */
export async function measureLoad(browser: Browser, app: BenchApp, url: string, options: MeasureLoadOptions): Promise<LoadSample> {
  const { screenshot, servedGzipBytes } = options
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const blocked: Record<string, number> = {}
  const block = (target: string) => {
    const host = new URL(target).host
    blocked[host] = (blocked[host] ?? 0) + 1
  }
  try {
    await context.route(
      NOT_LOOPBACK,
      (route) => {
        block(route.request().url())
        return route.abort('blockedbyclient')
      },
    )
    await context.routeWebSocket(
      NOT_LOOPBACK,
      (socket) => {
        block(socket.url())
        socket.close({ code: 1008, reason: 'bench: no network' })
      },
    )
    // tsx names functions through an `__name` helper the page lacks: define it first.
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn' })
    await context.addInitScript(installProbe, { button: app.button, modalContent: app.modalContent })
    const page = await context.newPage()
    const scripts = new Set<string>()
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && !NOT_LOOPBACK.test(request.url())) scripts.add(new URL(request.url()).pathname)
    })
    const cdp = await context.newCDPSession(page)
    await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT_MS })
    await page.waitForFunction(() => (window as unknown as { __bench: ProbeState }).__bench.marks.button !== undefined, undefined, {
      timeout: TIMEOUT_MS,
      polling: 50,
    })
    const loadEnd = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd)
    const now = await page.evaluate(() => performance.now())
    await page.waitForTimeout(Math.max(0, loadEnd + 2_000 - now))
    await cdp.send('HeapProfiler.collectGarbage')
    const { usedSize } = await cdp.send('Runtime.getHeapUsage')
    const loadedJsGzipBytes = [...scripts].reduce((sum, path) => sum + servedGzipBytes(path), 0)

    const centre = await page.evaluate(() => (window as unknown as { __bench: ProbeState }).__bench.locateButton())
    if (!centre) throw new Error(`${app.id}: the connect button left the page before the click`)
    await page.mouse.click(centre.x, centre.y)
    await page
      .waitForFunction(() => (window as unknown as { __bench: ProbeState }).__bench.marks.modalContent !== undefined, undefined, {
        timeout: TIMEOUT_MS,
        polling: 50,
      })
      .catch(async (error: Error) => {
        const marks = await page.evaluate(() => (window as unknown as { __bench: ProbeState }).__bench.marks)
        throw new Error(`${app.id}: no modal content after the click at ${centre.x},${centre.y} (marks ${JSON.stringify(marks)})`, { cause: error })
      })
    const marks = await page.evaluate(() => (window as unknown as { __bench: ProbeState }).__bench.marks)
    if (screenshot) {
      // After the figures are taken: let entrance animations finish so the picture shows the modal.
      await page.waitForTimeout(600)
      await page.screenshot({ path: screenshot })
    }
    return {
      buttonMs: marks.button!,
      clickToContentMs: marks.modalContent! - marks.click!,
      heapBytes: usedSize,
      loadedJsGzipBytes,
      blocked,
    }
  } finally {
    await context.close()
  }
}
