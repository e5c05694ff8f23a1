import { lazy, type ComponentType } from 'react'

/**
 * A view component fetched the first time it is shown, so a host's initial load carries only
 * the modal and the Connect view (the virtual list, the QR encoder and the account views come
 * later, in their own chunks). The modal renders it inside Suspense.
 *
 * @example
 * ctx.registerView({ name: 'Send', title: 'Send', component: lazyView(() => import('./SendView.js'), 'SendView') })
 */
export function lazyView<K extends string>(load: () => Promise<Record<K, ComponentType<never>>>, exportName: K) {
  return lazy(async () => ({ default: (await load())[exportName] as ComponentType<unknown> }))
}
