import type { Kit, OpenArgs, ViewEntry, ViewRegistry } from '../../kernel/index.js'
import { pickOpeningEntry } from './pickOpeningEntry.js'

/** Where open, close and back lead (SPEC §2): pure rules over the kit's state. */
export interface NavigationPolicy {
  /** The entry to show when the modal opens. */
  entryOnOpen(args: OpenArgs): ViewEntry
  /** The entry the stack resets to after the modal closes. */
  entryOnClose(): ViewEntry
  /** Where back leads when it pops to `entry`; another entry replaces it. */
  entryOnBack(entry: ViewEntry): ViewEntry
}

export interface NavigationPolicyOptions {
  kit: Kit
  views: ViewRegistry
  /** The modal renders inline in the page rather than as a dialog. */
  embedded: boolean
  isMobile: () => boolean
}

/**
 * The shell's navigation rules (SPEC §2). Connection facts come from `kit.getState()`, which
 * the connectors plugin fills (`address`, `activeNamespace`, `connectedNamespaces`,
 * `defaultNetworkByNamespace`, `walletConnectOnly`).
 */
export function createNavigationPolicy({ kit, views, embedded, isMobile }: NavigationPolicyOptions): NavigationPolicy {
  const isConnected = () => Boolean(kit.getState().address)
  return {
    entryOnOpen(args) {
      const state = kit.getState()
      return pickOpeningEntry(args, {
        activeNamespace: state.activeNamespace,
        connectedNamespaces: state.connectedNamespaces ?? [],
        defaultNetworkByNamespace: state.defaultNetworkByNamespace ?? {},
        isConnected: isConnected(),
        walletConnectOnly: state.walletConnectOnly === true,
        isMobile: isMobile(),
        hasView: (view) => views.has(view),
      })
    },
    entryOnClose() {
      // Closing resets to Connect; an embedded modal shows Account while connected.
      return embedded && isConnected() && views.has('Account') ? { view: 'Account' } : { view: 'Connect' }
    },
    entryOnBack(entry) {
      return entry.view === 'Connect' && isConnected() && views.has('Account') ? { view: 'Account' } : entry
    },
  }
}
