import { reaction } from 'mobx'
import {
  ModalControllerToken,
  ModalStoreToken,
  ViewRegistryToken,
  ViewStackToken,
  type PluginContext,
  type ViewEntry,
} from '../../kernel/index.js'
import { InvalidOpenArgsError } from '../errors/shell.js'
import { ModalStore } from './ModalStore.js'
import type { NavigationPolicy } from './createNavigationPolicy.js'
import { ViewStackStore } from './ViewStackStore.js'

// The modal's events and its part of `kit.getState()`.
declare module '../../kernel/events.js' {
  interface KitEventMap {
    'modal:opened': { view: string }
    'modal:closed': Record<string, never>
    'view:changed': { view: string; previous?: string }
  }
}
declare module '../../kernel/Kit.js' {
  interface KitStateMap {
    /** Whether the modal is open. */
    open?: boolean
    /** The view shown, and the history under it. */
    view?: string
    history?: string[]
  }
}

/** `kit.open` is public API: a host may pass anything, and gets a typed refusal, not a TypeError. */
function assertOpenArgs(args: unknown): void {
  const ok =
    typeof args === 'object' &&
    args !== null &&
    !Array.isArray(args) &&
    ['view', 'namespace'].every((key) => (args as Record<string, unknown>)[key] === undefined || typeof (args as Record<string, unknown>)[key] === 'string')
  if (!ok) throw new InvalidOpenArgsError()
}

/**
 * The modal's state and what `kit.open`, `close` and `back` do, on SPEC §2's rules: provides
 * the view stack, the open state and the controller the kernel's kit delegates to, and emits
 * `modal:opened`, `modal:closed` and `view:changed`.
 */
export function createModalController(ctx: PluginContext, policy: NavigationPolicy): { stack: ViewStackStore; modal: ModalStore } {
  const views = ctx.resolve(ViewRegistryToken)
  const stack = new ViewStackStore()
  const modal = new ModalStore()
  ctx.provide(ViewStackToken, stack)
  ctx.provide(ModalStoreToken, modal)
  // A policy may name a view no plugin registered (Connect in a kit without one): keep the stack then.
  const show = (entry: ViewEntry) => {
    if (views.has(entry.view)) stack.reset(entry.view, entry.data)
  }
  const close = () => {
    if (!modal.isOpen) return
    modal.setOpen(false)
    show(policy.entryOnClose())
    ctx.emit('modal:closed', {})
  }
  ctx.provide(ModalControllerToken, {
    async open(args) {
      assertOpenArgs(args)
      const entry = policy.entryOnOpen(args)
      show(entry)
      if (modal.isOpen || !views.has(entry.view)) return
      modal.setOpen(true)
      ctx.emit('modal:opened', { view: entry.view })
    },
    close,
    back() {
      if (!stack.back()) return close()
      const current = stack.current!
      const next = policy.entryOnBack(current)
      if (next.view !== current.view) stack.replace(next.view, next.data)
    },
  })
  // The closed modal already holds the view opening would show (Connect for a new visitor), so
  // the opening click only displays it: its render and DOM are done while the page idles.
  ctx.on('kit:ready', () => {
    if (!stack.current) show(policy.entryOnClose())
  })
  ctx.contributeState('open', () => modal.isOpen)
  ctx.contributeState('view', () => stack.current?.view)
  ctx.contributeState('history', () => stack.history.map((entry) => entry.view))
  ctx.onClose(
    // A view whose plugin unloaded leaves the stack; an emptied open modal goes where closing would.
    reaction(
      () => views.names(),
      () => {
        for (const entry of stack.history) if (!views.has(entry.view)) stack.removeView(entry.view)
        if (stack.history.length > 0) return
        show(policy.entryOnClose())
        if (stack.history.length === 0) close()
      },
    ),
  )
  ctx.onClose(
    reaction(
      () => stack.current?.view,
      (view, previous) => {
        if (view) ctx.emit('view:changed', { view, previous })
      },
    ),
  )
  ctx.onClose(() => modal.setOpen(false))
  return { stack, modal }
}
