import { action, makeObservable, observable } from 'mobx'
import { ViewExistsError } from '../errors/rpc.js'

/**
 * What each view is opened with, by view name. Plugins declare their views' data by
 * declaration merging, so `kit.open`, `stack.push` and the view's props agree on one type.
 *
 * @example
 * declare module 'latch/kernel' {
 *   interface ViewDataMap { SwitchNetwork: { caipNetworkId: string } }
 * }
 */
export interface ViewDataMap {
  [view: string]: unknown
}

/** A view's name: one declared in `ViewDataMap`, or any other string. */
export type ViewName = keyof ViewDataMap & string

/**
 * A view the shell can show. The kernel never looks inside `component` or `styles`: the shell
 * decides how to render them (a React component and a stylesheet in ours).
 */
export interface ViewDefinition<V extends ViewName = ViewName, Component = unknown> {
  /** The view's name, unique in the kit. */
  name: V
  /** Header text: fixed, or derived from the entry's data. */
  title: string | ((data: ViewDataMap[V]) => string)
  /** Whether the header's close button works on this view; a function is re-read on render. */
  closable?: boolean | (() => boolean)
  component: Component
  /** CSS the view needs, present in the modal while the view is registered. */
  styles?: string
}

/** The views registered by the shell and by plugins, observable so the shell re-renders. */
export class ViewRegistry {
  // Each entry keeps its own view's data type.
  readonly views = observable.map<string, ViewDefinition<any>>({}, { deep: false })

  constructor() {
    makeObservable(this, { register: action, unregister: action })
  }

  /** Registers a view and returns the function that removes it. */
  register<V extends ViewName>(view: ViewDefinition<V>): () => void {
    if (this.views.has(view.name)) throw new ViewExistsError({ view: view.name })
    this.views.set(view.name, view)
    return () => this.unregister(view.name, view)
  }

  /** Removes a view, but only the very definition that was registered under that name. */
  unregister(name: string, view?: ViewDefinition<any>): void {
    if (view && this.views.get(name) !== view) return
    this.views.delete(name)
  }

  get(name: string): ViewDefinition<any> | undefined {
    return this.views.get(name)
  }

  has(name: string): boolean {
    return this.views.has(name)
  }

  names(): string[] {
    return [...this.views.keys()]
  }
}
