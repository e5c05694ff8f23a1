import { reaction } from 'mobx'
import type { PluginContext } from '../../kernel/index.js'
import { ApiClientToken, whenIdle, type AlertStore } from '../../ui-shell/plugin.js'
import { checkAllowedOrigins } from './checkAllowedOrigins.js'

/**
 * SPEC §6: with email or social login on, the allowed origins are read once, at idle after the
 * modal first opens (where those logins show), so a page that never opens it makes no call.
 * The outcome goes on the bus as `embeddedWallet:originsChecked`. Undone when the plugin unloads.
 */
export function watchAllowedOrigins(ctx: PluginContext, modal: { readonly isOpen: boolean }, alerts: Pick<AlertStore, 'raise'>): void {
  const api = ctx.resolve(ApiClientToken)
  if (!api) return
  let cancelCheck: (() => void) | undefined
  const loginShown = () => {
    const { plugins } = ctx.kit.getState()
    return plugins.email === 'loaded' || plugins.socials === 'loaded'
  }
  const check = async () => {
    const checked = await checkAllowedOrigins(api, location.origin, (alert) => alerts.raise(alert), ctx.signal)
    if (!ctx.signal.aborted) ctx.emit('embeddedWallet:originsChecked', checked)
  }
  const stopWatching = reaction(
    () => modal.isOpen && loginShown(),
    (due, _, watch) => {
      if (!due) return
      watch.dispose()
      cancelCheck = whenIdle(() => void check())
    },
    { fireImmediately: true },
  )
  ctx.onClose(() => {
    stopWatching()
    cancelCheck?.()
  })
}
