import { DEFAULT_STORAGE_PREFIX } from '../../kernel/index.js'
import type { ConnectionStore } from '../../chains/connection/ConnectionStore.js'

/** The saved keys whose change in another tab this tab follows. */
const FOLLOWED_KEYS = ['connectedConnectorIds', 'activeCaipNetworkId']

/**
 * Keeps this tab in step with the page's other tabs: the browser fires `storage` on every other
 * tab of the origin when one writes local storage, so a connect, network switch or disconnect
 * there reaches this tab's connection store (SPEC §3 'Stored locally'). Changes are followed one
 * at a time, in order, so two quick ones never race.
 *
 * @param store - this tab's connection store
 * @param prefix - the kit's storage prefix (`storagePrefix` option)
 * @returns the stop
 */
export function followOtherTabs(store: ConnectionStore, prefix = DEFAULT_STORAGE_PREFIX): () => void {
  if (typeof window === 'undefined') return () => {}
  const keys = new Set(FOLLOWED_KEYS.map((key) => prefix + key))
  let queue = Promise.resolve()
  const onStorage = (event: StorageEvent) => {
    // A null key is `localStorage.clear()` there: everything saved is gone.
    if (event.key !== null && !keys.has(event.key)) return
    queue = queue.then(() => store.followOtherTab()).catch(() => {})
  }
  window.addEventListener('storage', onStorage)
  return () => window.removeEventListener('storage', onStorage)
}
