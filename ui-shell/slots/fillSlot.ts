import { reaction } from 'mobx'
import { FeatureStoreToken, type PluginContext, type Token } from '../../kernel/index.js'
import type { SlotEntry, SlotRegistry } from './SlotRegistry.js'

/**
 * Adds an entry to one of the shell's slots for as long as the plugin is loaded.
 *
 * @example
 * fillSlot(ctx, AccountActionsToken, { id: 'faucet', label: 'Faucet', view: 'Faucet', order: 50 })
 */
export function fillSlot<T extends SlotEntry>(ctx: PluginContext, slot: Token<SlotRegistry<T>>, entry: T): void {
  ctx.onClose(ctx.resolve(slot).add(entry))
}

/**
 * Runs `register` while a feature flag is on and undoes it when the flag goes off, live (remote
 * configuration may flip it), and when the plugin unloads. For parts of a plugin that follow
 * their own flag, such as Send and Receive inside the account plugin.
 */
export function whileFeatureOn(ctx: PluginContext, feature: string, register: () => () => void): void {
  const features = ctx.resolve(FeatureStoreToken)
  let undo: (() => void) | undefined
  const stop = reaction(
    () => features.isOn(feature),
    (on) => {
      if (on && !undo) undo = register()
      if (!on && undo) {
        undo()
        undo = undefined
      }
    },
    { fireImmediately: true },
  )
  ctx.onClose(() => {
    stop()
    undo?.()
  })
}
