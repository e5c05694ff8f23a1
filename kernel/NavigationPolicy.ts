import type { ViewDataMap, ViewName } from './views/ViewRegistry.js'
import type { ViewEntry } from './views/ViewStackStore.js'

/** What the host asked `open` for. */
export interface OpenArgs<V extends ViewName = ViewName> {
  /** A view by name. */
  view?: V
  /** A namespace to switch to; the shell's policy decides what that shows. */
  namespace?: string
  data?: ViewDataMap[V]
}

/**
 * Where open, close and back lead. The kernel knows no view by name, so the shell
 * registers the rules of SPEC §2 through this; without one, open shows the requested
 * view or the first registered one.
 */
export interface NavigationPolicy {
  /** The entry to show when the modal opens, or undefined to stay closed. */
  entryOnOpen(args: OpenArgs): ViewEntry | undefined | Promise<ViewEntry | undefined>
  /** The entry the stack resets to after the modal closes. */
  entryOnClose(): ViewEntry | undefined
  /** Where back leads when it pops to `entry`; return another entry to replace it. */
  entryOnBack?(entry: ViewEntry): ViewEntry
}
