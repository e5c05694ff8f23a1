import type { ViewDataMap, ViewName } from './ViewRegistry.js'

/** What the host asked `open` for. */
export interface OpenArgs<V extends ViewName = ViewName> {
  /** A view by name. */
  view?: V
  /** A namespace to switch to; the shell's rules decide what that shows. */
  namespace?: string
  data?: ViewDataMap[V]
}

/** One step of the modal's history: a view and what it was opened with. */
export interface ViewEntry<V extends ViewName = ViewName> {
  view: V
  data?: ViewDataMap[V]
}

/** The modal's view history, as the shell keeps it. */
export interface ViewStack {
  readonly history: readonly ViewEntry[]
  readonly current: ViewEntry | undefined
  readonly canGoBack: boolean
  push<V extends ViewName>(view: V, data?: ViewDataMap[V]): void
  replace<V extends ViewName>(view: V, data?: ViewDataMap[V]): void
  reset<V extends ViewName>(view: V, data?: ViewDataMap[V]): void
}

/** Whether the modal is open. */
export interface ModalState {
  readonly isOpen: boolean
}

/**
 * What `kit.open`, `close` and `back` do. The kernel knows no view by name: the shell provides
 * this (SPEC §2's rules); a kit without a shell has nothing to open.
 */
export interface ModalController {
  open(args: OpenArgs): Promise<void>
  close(): void
  back(): void
}
