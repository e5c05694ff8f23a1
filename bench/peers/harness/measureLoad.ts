import type { Browser } from 'playwright-core'
import type { BenchApp } from './apps.js'
import { installProbe, type ProbeState } from './installProbe.js'
import type { LoadProfile } from './profiles.js'

/** One fresh load of one app. Times are ms; the heap is bytes. */
export interface LoadSample {
  /** Navigation start to the first frame with the connect button laid out. */
  buttonMs: number
  /** The click (a tap's click on the phone) to the first frame with the modal's first content laid out. */
  clickToContentMs: number
  /** V8 heap in use once the page settled (load event + the profile's wait), after a full GC. */
  heapBytes: number
  /** Total blocking time from navigation to the load event + the profile's wait (5 s on the phone): each long task's time past 50 ms, summed. */
  blockingMs: number
  /** Gzip bytes of every script the page fetched by then, lazy chunks included. */
  loadedJsGzipBytes: number
  /** Requests and WebSockets to anything but loopback, aborted: host names and counts. */
  blocked: Record<string, number>
}

// A RegExp rather than a function: Playwright then matches in the browser-side driver and loopback
// requests never make the round trip to this process, which would slow the apps with most chunks.
const NOT_LOOPBACK = /^(?!(https?|wss?):\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\/)/
const TIMEOUT_MS = 30_000

/** Long tasks' time past 50 ms, for the tasks that started before `until` (Lighthouse's TBT, without its FCP start). */
export const blockingTime = (tasks: ProbeState['longTasks'], until: number) =>
  tasks.filter((task) => task.start < until).reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0)

export interface MeasureLoadOptions {
  profile: LoadProfile
  /** When set, a PNG of the open modal is written there (to check what was measured). */
  screenshot?: string
  /** Gzip bytes of a served file, from its URL path. */
  servedGzipBytes(path: string): number
}

/**
 * Loads `url` in a fresh browser context (empty cache and storage) with every non-loopback
 * request aborted, on the profile's device (a phone's viewport, touch and slowed CPU), then: waits
 * for the button, leaves the page alone until the load event + the profile's wait, reads the heap
 * after a GC and the blocking time, presses the button (a mouse click, or a tap on the phone) and
 * waits for the modal's first content.
 */
export async function measureLoad(browser: Browser, app: BenchApp, url: string, options: MeasureLoadOptions): Promise<LoadSample> {
  const { screenshot, servedGzipBytes, profile } = options
  const context = await browser.newContext({ viewport: profile.viewport, hasTouch: profile.touch, isMobile: profile.touch })
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
    if (profile.cpuThrottle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuThrottle })
    await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT_MS })
    await page.waitForFunction(() => (window as unknown as { __bench: ProbeState }).__bench.marks.button !== undefined, undefined, {
      timeout: TIMEOUT_MS,
      polling: 50,
    })
    const loadEnd = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd)
    const now = await page.evaluate(() => performance.now())
    await page.waitForTimeout(Math.max(0, loadEnd + profile.settleAfterLoadMs - now))
    const longTasks = await page.evaluate(() => (window as unknown as { __bench: ProbeState }).__bench.longTasks)
    await cdp.send('HeapProfiler.collectGarbage')
    const { usedSize } = await cdp.send('Runtime.getHeapUsage')
    const loadedJsGzipBytes = [...scripts].reduce((sum, path) => sum + servedGzipBytes(path), 0)

    const centre = await page.evaluate(() => (window as unknown as { __bench: ProbeState }).__bench.locateButton())
    if (!centre) throw new Error(`${app.id}: the connect button left the page before the click`)
    if (profile.touch) await page.touchscreen.tap(centre.x, centre.y)
    else await page.mouse.click(centre.x, centre.y)
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
      blockingMs: blockingTime(longTasks, loadEnd + profile.settleAfterLoadMs),
      loadedJsGzipBytes,
      blocked,
    }
  } finally {
    await context.close()
  }
}
