import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPageStack, type TestPageStack } from '../support/startTestPageStack.js'
import { startFaultyPort, type FaultyPort } from '../support/startFaultyPort.js'
import { closeModal, connectThroughModal, openAccount, openFaultsPage, recordFaultFigure, WAIT } from '../support/faultsPage.js'

// Issue 15, `kit.dispose()` leaves nothing: the page is instrumented before the kit loads (every
// listener added to window and document, every timer and animation frame, every node added to
// the document) and runs on Playwright's clock, so the minutes after dispose pass in an instant
// instead of being slept. The kit has two RPC URLs (ranking pings on a timer) and a backend
// that is down (the live config stream retries on a timer): timers that must stop.
let stack: TestPageStack
let deadBackend: FaultyPort
beforeAll(async () => {
  stack = await startTestPageStack(fileURLToPath(new URL('./fixtures/faultsPage.ts', import.meta.url)))
  deadBackend = await startFaultyPort(stack.chain.rpcUrl, 'down')
}, 300_000)
afterAll(async () => {
  await deadBackend?.close()
  await stack?.close()
})

/** Runs in the page before any of its scripts: records what is added and what is left. */
function instrument(): void {
  type Entry = { target: string; type: string; listener: unknown; capture: boolean }
  const listeners = new Set<Entry>()
  const nameOf = (target: EventTarget) => (target === window ? 'window' : target === document ? 'document' : undefined)
  const captureOf = (options: unknown) => (typeof options === 'boolean' ? options : Boolean((options as { capture?: boolean } | undefined)?.capture))
  const add = EventTarget.prototype.addEventListener
  const remove = EventTarget.prototype.removeEventListener
  // Only what the page's own scripts add counts: Playwright adds listeners of its own to click.
  const byPage = () => (new Error().stack ?? '').includes(`${location.origin}/`)
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    const target = nameOf(this)
    if (target && listener && byPage()) {
      const entry = { target, type, listener, capture: captureOf(options) }
      const known = [...listeners].some((e) => e.target === target && e.type === type && e.listener === listener && e.capture === entry.capture)
      if (!known) listeners.add(entry)
      ;(options as { signal?: AbortSignal } | undefined)?.signal?.addEventListener('abort', () => listeners.delete(entry))
    }
    return add.call(this, type, listener, options)
  }
  EventTarget.prototype.removeEventListener = function (type, listener, options) {
    const target = nameOf(this)
    for (const e of listeners) if (e.target === target && e.type === type && e.listener === listener && e.capture === captureOf(options)) listeners.delete(e)
    return remove.call(this, type, listener, options)
  }

  const pending = new Map<number, string>()
  const fired: string[] = []
  const state = { disposed: false }
  const wrap = (kind: 'timeout' | 'interval' | 'frame', schedule: (...a: any[]) => number, cancel: (id: number) => void) => {
    const scheduled = (callback: (...a: unknown[]) => void, ...rest: unknown[]) => {
      if (!byPage()) return schedule(callback, ...rest)
      const stack = new Error().stack?.split('\n').slice(2, 5).join(' | ') ?? ''
      const id: number = schedule((...args: unknown[]) => {
        if (kind !== 'interval') pending.delete(id)
        // mobx-react-lite's one registry sweeps unmounted observers on a timer of its own, shared by
        // every React root of the page and stopping once empty: the library's, not the kit's.
        if (state.disposed && !stack.includes('FinalizationRegistry')) fired.push(`${kind}: ${stack}`)
        callback(...args)
      }, ...rest)
      pending.set(id, `${kind}: ${stack}`)
      return id
    }
    const cancelled = (id: number) => {
      pending.delete(id)
      cancel(id)
    }
    return [scheduled, cancelled] as const
  }
  const timers = window as unknown as Record<string, unknown>
  for (const [kind, set, clear] of [['timeout', 'setTimeout', 'clearTimeout'], ['interval', 'setInterval', 'clearInterval'], ['frame', 'requestAnimationFrame', 'cancelAnimationFrame']] as const) {
    ;[timers[set], timers[clear]] = wrap(kind, (timers[set] as (...a: any[]) => number).bind(window), (timers[clear] as (id: number) => void).bind(window))
  }

  // The served index.html (test/support/buildTestPage.ts): html, head with meta and title, body
  // with the page's script. Everything else was added by a script.
  const isMarkup = (n: Node) =>
    n === document.doctype ||
    n === document.documentElement ||
    n === document.head ||
    n === document.body ||
    (n.parentNode === document.head && (n.nodeName === 'META' || n.nodeName === 'TITLE')) ||
    n.parentNode?.nodeName === 'TITLE' ||
    (n.parentNode === document.body && n.nodeName === 'SCRIPT')
  const added: Node[] = []
  new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach((n) => added.push(n)))).observe(document, { childList: true, subtree: true })

  Object.assign(window, {
    __leaks: {
      markDisposed: () => (state.disposed = true),
      listeners: () => [...listeners].map((e) => `${e.target} ${e.type}`),
      pendingTimers: () => [...pending.values()],
      firedAfterDispose: () => fired,
      nodesLeft: () => added.filter((n) => n.isConnected && !isMarkup(n)).map((n) => n.nodeName),
    },
  })
}

const leaks = (page: Page) =>
  page.evaluate(() => {
    const l = (window as any).__leaks
    return { listeners: l.listeners() as string[], timers: l.pendingTimers() as string[], fired: l.firedAfterDispose() as string[], nodes: l.nodesLeft() as string[] }
  })

describe('kit.dispose()', () => {
  it('after connecting and using the modal, leaves no listener on window or document, no DOM node, no timer firing, no shadow host', async () => {
    const context = await stack.browser.newContext()
    const rpcUrls = [stack.chain.rpcUrl, `${stack.chain.rpcUrl}?second`]
    const { page, errors } = await openFaultsPage(context, stack.site.url, { apiUrl: deadBackend.url, rpcUrls }, {
      walletRpc: stack.chain.rpcUrl,
      beforeLoad: async (p) => {
        await p.clock.install()
        await p.addInitScript(instrument)
      },
    })
    await connectThroughModal(page)
    await openAccount(page)
    await closeModal(page)
    // The instrument sees the kit at work: it could catch a leak.
    const before = await leaks(page)
    expect(before.listeners.length).toBeGreaterThan(0)
    expect(before.nodes).toContain('LATCH-MODAL')
    expect(before.timers.length).toBeGreaterThan(0)

    // viem sends a batched read on its next tick (its batch scheduler's 0 ms timer), which no
    // caller can cancel: dispose between reads, as a page does, not inside that tick. A read
    // already sent is the kit's to end, and it does (its transport aborts it on stop).
    await expect.poll(async () => (await leaks(page)).timers.filter((timer) => timer.includes('schedule')), WAIT).toEqual([])
    await page.evaluate(() => (window as any).__latch.dispose())
    await page.evaluate(() => (window as any).__leaks.markDisposed())
    // Ten minutes of the page's time: every ranking ping, stream retry and snackbar timer due.
    await page.clock.runFor(600_000)
    const after = await leaks(page)
    // React DOM's one 'selectionchange' listener per document (added with its first root, shared
    // by every root, never removed by React): not the kit's and does not grow (see bench:faults' leak case).
    expect(after.listeners).toEqual(['document selectionchange'])
    expect(after.nodes).toEqual([])
    expect(after.fired).toEqual([])
    expect(after.timers).toEqual([])
    expect(await page.locator('latch-modal').count()).toBe(0)
    expect(errors).toEqual([])
    recordFaultFigure({ case: 'dispose leaves nothing', held: true, note: `before: ${before.listeners.length} listeners, ${before.timers.length} timers, ${before.nodes.length} nodes; after: React's one selectionchange listener, 0 timers, 0 nodes` })
    await context.close()
  }, WAIT.timeout * 6)
})
