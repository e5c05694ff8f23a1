import { reaction } from 'mobx'
import type { PluginContext } from '../../kernel/index.js'
import type { NavigationPolicy } from './createNavigationPolicy.js'
import type { ModalStore } from './ModalStore.js'
import type { ViewStackStore } from './ViewStackStore.js'

/**
 * SPEC §2 embedded mode: the kit is part of the page, so it is never closed. It opens once the
 * plugins have loaded; closing (the header's close, a finished connect) still emits
 * `modal:closed` and resets the view (Account when connected, else Connect), then it is open
 * again; a visitor who disconnects from the host page's own button is shown Connect.
 */
export function keepEmbeddedOpen(ctx: PluginContext, policy: NavigationPolicy, { stack, modal }: { stack: ViewStackStore; modal: ModalStore }): void {
  ctx.on('kit:ready', () => void ctx.kit.open())
  ctx.on('modal:closed', () => modal.setOpen(true))
  ctx.onClose(
    reaction(
      () => Boolean(ctx.kit.getState().address),
      (connected) => {
        const entry = policy.entryOnClose()
        if (!connected && stack.current?.view !== entry.view) stack.reset(entry.view, entry.data)
      },
    ),
  )
}
