import type { Kit, KitState } from '../../kernel/Kit.js'
import type { KitOptions } from '../../kernel/KitOptions.js'
import type { KitEventListener, KitEventName, Unsubscribe } from '../../kernel/events.js'
import { KitDisposedError, TokenNotProvidedError } from '../../kernel/errors/kit.js'

/** What a kit shows before its kernel exists: not ready, no feature or plugin known yet. */
export const NOT_STARTED: KitState = Object.freeze({ ready: false, features: Object.freeze({}), plugins: Object.freeze({}) })

// The starting kits whose kernel is still to come, with the promise of it: what watchKit waits for.
const arrivals = new WeakMap<Kit, Promise<unknown>>()

/** When a starting kit's kernel comes; undefined once it has, or for a kernel itself. */
export const kernelArrivalOf = (kit: Kit): Promise<unknown> | undefined => arrivals.get(kit)

interface PendingListener {
  event: KitEventName
  listener: KitEventListener<KitEventName>
  stop?: Unsubscribe
}

/**
 * A kit whose kernel starts later (issue 32: the kernel, the shell and the plugins load after
 * the host's first frame, so the host's own button paints as early as a page without Latch).
 * It answers at once what needs no kernel: `getState()` reads not-started values (`watchKit`
 * follows it from the kernel's arrival, so a component re-renders then), `on` keeps its listeners
 * until then, and the commands wait for it. It uses no MobX, since it is in the host's first
 * script. `resolve` before then throws TokenNotProvidedError, as for any token not provided yet;
 * `isProvided` says false.
 *
 * @param options - the host's checked options, readable at once
 * @param start - what creates the kernel, once the caller has loaded it: the listeners given
 *   meanwhile join it in the same task, before it can emit anything
 */
export function createStartingKit(options: Readonly<KitOptions>, start: Promise<() => Kit>): Kit {
  // Once set, each call goes straight to the kernel, as if there had been no wait.
  let started: Kit | undefined
  let pending: PendingListener[] = []
  let disposed = false
  const whenStarted = start.then((create) => {
    const kernel = create()
    started = kernel
    arrivals.delete(kit)
    for (const entry of pending) entry.stop = kernel.on(entry.event, entry.listener)
    pending = []
    return kernel
  })
  const kit: Kit = {
    options,
    ready: whenStarted.then((kernel) => kernel.ready),
    open(args) {
      if (disposed && !started) return Promise.reject(new KitDisposedError())
      return started?.open(args) ?? whenStarted.then((kernel) => kernel.open(args))
    },
    close() {
      if (started) started.close()
      else void whenStarted.then((booted) => booted.close())
    },
    back() {
      if (started) started.back()
      else void whenStarted.then((booted) => booted.back())
    },
    on(event, listener) {
      if (started) return started.on(event, listener)
      if (disposed) throw new KitDisposedError()
      const entry: PendingListener = { event, listener: listener as KitEventListener<KitEventName> }
      pending.push(entry)
      return () => {
        pending = pending.filter((other) => other !== entry)
        entry.stop?.()
      }
    },
    getState: () => started?.getState() ?? NOT_STARTED,
    refreshConfig: () => started?.refreshConfig() ?? whenStarted.then((kernel) => kernel.refreshConfig()),
    request: (method, params) => started?.request(method, params) ?? whenStarted.then((kernel) => kernel.request(method, params)),
    resolve(token) {
      if (!started) throw new TokenNotProvidedError({ token })
      return started.resolve(token)
    },
    isProvided: (token) => started?.isProvided(token) ?? false,
    dispose() {
      disposed = true
      return started?.dispose() ?? whenStarted.then((kernel) => kernel.dispose())
    },
  }
  arrivals.set(kit, whenStarted)
  return kit
}
