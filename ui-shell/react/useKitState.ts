import { compareStructural, reaction } from 'mobx'
import { useCallback, useSyncExternalStore, useRef } from 'react'
import type { KitState } from '../../kernel/index.js'
import { useKit } from './KitContext.js'

/**
 * Subscribes a component to a slice of `kit.getState()`; it re-renders only when the slice
 * changes (structurally).
 *
 * @example
 * const address = useKitState((state) => state.address)
 */
export function useKitState<T>(select: (state: KitState) => T): T {
  const kit = useKit()
  const selectRef = useRef(select)
  selectRef.current = select
  const cache = useRef<{ value: T } | null>(null)
  const subscribe = useCallback(
    (notify: () => void) =>
      reaction(
        () => selectRef.current(kit.getState()),
        (value) => {
          cache.current = { value }
          notify()
        },
        { equals: compareStructural },
      ),
    [kit],
  )
  const read = () => {
    if (!cache.current) cache.current = { value: selectRef.current(kit.getState()) }
    return cache.current.value
  }
  return useSyncExternalStore(subscribe, read, read)
}
