import { createKernel, EventBusToken, isFeatureOn, type Kit, type KitOptions, type PluginDefinition } from '../kernel/index.js'
import { shell } from './shellPlugin.js'
import { DEFAULT_FEATURES, REMOTE_FEATURES } from './services/featureDefaults.js'
import { createRemoteFeatures } from './services/createRemoteFeatures.js'
import { createServices, servicesPlugin } from './services/servicesPlugin.js'
import './ShellOptions.js'

/**
 * Starts a kit's kernel with the services, the shell and the host's plugins: what `createKit`
 * loads once the host's first render was painted. The options and plugins were checked by `createKit`.
 *
 * @param options - the host's options, with the restricted-region URLs applied
 * @param plugins - the host's plugins
 * @returns the kernel; its `ready` settles once remote configuration was read and the first plugins loaded
 */
export function bootKit(options: KitOptions, plugins: readonly PluginDefinition[]): Kit {
  let kit: Kit | undefined
  const services = createServices(options, () => isFeatureOn(kit?.getState().features ?? DEFAULT_FEATURES, 'analytics'))
  const { api, projectId, reporter, alerts } = services
  const remote = api && projectId && options.remoteConfig !== false ? createRemoteFeatures(api, (alert) => alerts.raise(alert)) : undefined
  kit = createKernel(options, [servicesPlugin(services), shell(options), ...plugins], {
    defaultFeatures: DEFAULT_FEATURES,
    remoteFeatureKeys: REMOTE_FEATURES,
    loadRemoteFeatures: () => remote?.load() ?? Promise.resolve(undefined),
    onPluginFailure: (_id, error) =>
      void reporter.reportError({ errorType: error.name, errorMessage: error.shortMessage, stackTrace: error.stack }),
  })
  const bus = kit.resolve(EventBusToken)
  services.onAlert((alert) => bus.emit('kit:alerted', alert))
  if (remote && options.liveConfig !== false) {
    const live = kit
    let stopWatching: (() => void) | undefined
    let disposed = false
    bus.on('kit:disposed', () => {
      disposed = true
      stopWatching?.()
    })
    void live.ready.then(() => {
      if (!disposed) stopWatching = remote.watch(live)
    })
  }
  return kit
}
