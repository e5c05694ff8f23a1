import { dequal } from 'dequal'
import { useCallback, useSyncExternalStore, useRef } from 'react'
import type { KitState } from '../../kernel/index.js'
import { useKit } from './KitContext.js'
import { NOT_STARTED } from '../hostApi/createStartingKit.js'
import { watchKit } from './watchKit.js'

/**
 * Subscribes a component to a slice of `kit.getState()`; it re-renders only when the slice
 * changes (structurally). Server rendering and hydration read the slice of a kit that has not
 * started (disconnected, no network), so a page hydrates without a mismatch.
 *
 * @example
 * const address = useKitState((state) => state.address)
 */
export function useKitState<T>(select: (state: KitState) => T): T {
  const kit = useKit()
  const selectRef = useRef(select)
  selectRef.current = select
  const cache = useRef<{ value: T } | null>(null)
  const serverCache = useRef<{ value: T } | null>(null)
  const subscribe = useCallback(
    (notify: () => void) =>
      watchKit(
        kit,
        () => selectRef.current(kit.getState()),
        (value) => {
          // The first run compares with what was rendered: the state may have changed between the
          // render and this subscription (the kernel arrived, or an element was put back while the
          // kit starts).
          if (cache.current && dequal(cache.current.value, value)) return
          cache.current = { value }
          notify()
        },
        dequal,
      ),
    [kit],
  )
  const read = () => {
    if (!cache.current) cache.current = { value: selectRef.current(kit.getState()) }
    return cache.current.value
  }
  // The server and the hydrating render read a kit not started, whatever the page's kit has
  // restored, so the two HTMLs agree. Cached: React requires the same server snapshot on every call.
  const readNotStarted = () => {
    if (!serverCache.current) serverCache.current = { value: selectRef.current(NOT_STARTED) }
    return serverCache.current.value
  }
  return useSyncExternalStore(subscribe, read, readNotStarted)
}
