import { action, computed, makeObservable, observableShallow } from 'mobx'
import type { ViewDataMap, ViewName } from '../../kernel/index.js'

/** One step of the modal's history: a view and what it was opened with. */
export interface ViewEntry<V extends ViewName = ViewName> {
  view: V
  data?: ViewDataMap[V]
}

/** The modal's view stack (SPEC §2): push, replace, back and reset; the shell renders `current`. */
export class ViewStackStore {
  history: ViewEntry[] = []

  constructor() {
    makeObservable(this, {
      history: observableShallow,
      current: computed,
      canGoBack: computed,
      push: action,
      replace: action,
      back: action,
      reset: action,
      removeView: action,
    })
  }

  get current(): ViewEntry | undefined {
    return this.history[this.history.length - 1]
  }

  get canGoBack(): boolean {
    return this.history.length > 1
  }

  /** Shows a view on top of the current one. Pushing the current view again only updates its data. */
  push<V extends ViewName>(view: V, data?: ViewDataMap[V]): void {
    if (this.current?.view === view) this.history = [...this.history.slice(0, -1), { view, data }]
    else this.history = [...this.history, { view, data }]
  }

  /** Swaps the current view for another, so back skips it. */
  replace<V extends ViewName>(view: V, data?: ViewDataMap[V]): void {
    this.history = [...this.history.slice(0, -1), { view, data }]
  }

  /** Pops one view. Returns false, changing nothing, when only one view is left. */
  back(): boolean {
    if (!this.canGoBack) return false
    this.history = this.history.slice(0, -1)
    return true
  }

  /** Starts the history over at one view. */
  reset<V extends ViewName>(view: V, data?: ViewDataMap[V]): void {
    this.history = [{ view, data }]
  }

  /** Drops every entry of a view that has been unregistered. */
  removeView(view: string): void {
    this.history = this.history.filter((entry) => entry.view !== view)
  }
}
