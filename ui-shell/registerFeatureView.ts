import { reaction } from 'mobx'
import { FeatureStoreToken, ViewRegistryToken, type PluginContext, type ViewDefinition } from '../kernel/index.js'

/**
 * Registers a view that exists only while its feature flag is on, and follows the flag live
 * (remote configuration may turn it off or on). Undone when the registering plugin unloads.
 */
export function registerFeatureView(ctx: PluginContext, feature: string, view: ViewDefinition): void {
  const features = ctx.resolve(FeatureStoreToken)
  const views = ctx.resolve(ViewRegistryToken)
  let unregister: (() => void) | undefined
  const stop = reaction(
    () => features.isOn(feature),
    (on) => {
      if (on && !unregister) unregister = views.register(view)
      if (!on && unregister) {
        unregister()
        unregister = undefined
      }
    },
    { fireImmediately: true },
  )
  ctx.onClose(() => {
    stop()
    unregister?.()
  })
}
