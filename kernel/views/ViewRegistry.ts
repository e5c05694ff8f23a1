import { action, makeObservable, observable } from 'mobx'
import { ViewExistsError } from '../errors/rpc.js'

/**
 * A view the shell can show. The kernel never looks inside `component`: the shell decides
 * how to render it (a React component in ours).
 */
export interface ViewDefinition<Component = unknown> {
  /** The view's name; SPEC §2 names the core ones (Connect, Account, AllWallets, ...). */
  name: string
  /** Header text: fixed, or derived from the entry's data. */
  title: string | ((data: unknown) => string)
  /** Whether the header's close button works on this view; a function is re-read on render. */
  closable?: boolean | (() => boolean)
  component: Component
}

/** The views registered by the shell and by plugins, observable so the shell re-renders. */
export class ViewRegistry {
  readonly views = observable.map<string, ViewDefinition>({}, { deep: false })

  constructor() {
    makeObservable(this, { register: action, unregister: action })
  }

  /** Registers a view and returns the function that removes it. */
  register(view: ViewDefinition): () => void {
    if (this.views.has(view.name)) throw new ViewExistsError({ view: view.name })
    this.views.set(view.name, view)
    return () => this.unregister(view.name, view)
  }

  /** Removes a view, but only the very definition that was registered under that name. */
  unregister(name: string, view?: ViewDefinition): void {
    if (view && this.views.get(name) !== view) return
    this.views.delete(name)
  }

  get(name: string): ViewDefinition | undefined {
    return this.views.get(name)
  }

  has(name: string): boolean {
    return this.views.has(name)
  }

  names(): string[] {
    return [...this.views.keys()]
  }
}
