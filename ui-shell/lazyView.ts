import { lazy, type ComponentType } from 'react'

const loaders = new Set<() => Promise<unknown>>()
/** Whether the modal has asked for the preload: views created later fetch their chunk at once. */
let preloading = false

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
  // A plugin that loaded after the modal's preload (its setup waited on a reconnect or on remote
  // configuration) would otherwise fetch its views' chunks on the first click.
  if (preloading) setTimeout(() => void load().catch(() => {}), 0)
  return lazy(async () => ({ default: (await load())[exportName] as ComponentType<unknown> }))
}

/**
 * Fetches every lazy view's chunk without rendering it. The modal calls this when it first
 * opens, so the chunks arrive while the visitor reads the first view, and a page whose visitor
 * never opens the modal never fetches them.
 */
export function preloadLazyViews(): void {
  preloading = true
  for (const load of loaders) void load().catch(() => {})
}
