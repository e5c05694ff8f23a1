import { lazy, type ComponentType } from 'react'

/** A view component that fetches its chunk the first time it renders, or when preloaded. */
export type LazyView = ComponentType<unknown> & { preload(): Promise<unknown> }

/**
 * A view component fetched the first time it is shown, so a host's initial load carries only
 * the modal and the Connect view (the virtual list, the QR encoder and the account views come
 * later, in their own chunks). The modal renders it inside Suspense, and preloads it once the
 * visitor has opened the modal (`preloadView`).
 *
 * @example
 * ctx.registerView({ name: 'Send', title: 'Send', component: lazyView(() => import('./SendView.js'), 'SendView') })
 */
export function lazyView<K extends string>(load: () => Promise<Record<K, ComponentType<never>>>, exportName: K): LazyView {
  const component = lazy(async () => ({ default: (await load())[exportName] as ComponentType<unknown> }))
  return Object.assign(component, { preload: () => load() })
}

/** Fetches a lazy view's chunk without rendering it; anything else is left alone. */
export function preloadView(component: unknown): void {
  const preload = (component as Partial<LazyView> | undefined)?.preload
  if (typeof preload === 'function') void preload().catch(() => {})
}
