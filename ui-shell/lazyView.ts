import { lazy, type ComponentType } from 'react'

const loaders = new Set<() => Promise<unknown>>()

/**
 * A view component fetched the first time it is shown, so a host's initial load carries only
 * the modal and the Connect view (the virtual list, the QR encoder and the account views come
 * later, in their own chunks). The modal renders it inside Suspense.
 *
 * @example
 * ctx.registerView({ name: 'Send', title: 'Send', component: lazyView(() => import('./SendView.js'), 'SendView') })
 */
export function lazyView<K extends string>(load: () => Promise<Record<K, ComponentType<never>>>, exportName: K) {
  loaders.add(load)
  return lazy(async () => ({ default: (await load())[exportName] as ComponentType<unknown> }))
}

/**
 * Fetches every lazy view's chunk without rendering it. The modal calls this once it has
 * mounted, so the chunks arrive after the page's first load but before a visitor opens them.
 */
export function preloadLazyViews(): void {
  for (const load of loaders) void load().catch(() => {})
}
