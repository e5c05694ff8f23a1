import { createKernel, EventBusToken, isFeatureOn, type Kit, type KitOptions, type PluginDefinition } from '../kernel/index.js'
import { shell } from './shellPlugin.js'
import { ProviderRegistry, type KitProviderMap, type ProviderNamespace } from './providers/ProviderRegistry.js'
import { DEFAULT_FEATURES, REMOTE_FEATURES } from './services/featureDefaults.js'
import { loadRemoteFeatures } from './services/loadRemoteFeatures.js'
import { createServices, servicesPlugin } from './services/servicesPlugin.js'
import './ShellOptions.js'

/**
 * Creates a kit with the modal: the kernel, the services, the shell, and the host's plugins.
 *
 * @param options - project id, service URLs, features, theme
 * @param plugins - the features the host wants; each is fetched only when its feature is on
 * @returns the kit; `kit.ready` settles once remote configuration was read and the first plugins loaded
 * @example
 * import { createKit } from 'latch'
 * import { activity } from 'latch/plugins/activity'
 * const kit = createKit({ projectId: 'latch-dev', apiUrl: 'http://127.0.0.1:5545' }, [activity()])
 * document.querySelector('#connect')!.addEventListener('click', () => kit.open())
 */
export function createKit(options: KitOptions = {}, plugins: readonly PluginDefinition[] = []): LatchKit {
  let kit: Kit | undefined
  const providers = new ProviderRegistry()
  const services = createServices(options, () => isFeatureOn(kit?.getState().features ?? DEFAULT_FEATURES, 'analytics'))
  const { api, projectId, reporter, alerts } = services
  kit = createKernel(options, [servicesPlugin(services), shell(options, providers), ...plugins], {
    defaultFeatures: DEFAULT_FEATURES,
    remoteFeatureKeys: REMOTE_FEATURES,
    loadRemoteFeatures: () =>
      api && projectId && options.remoteConfig !== false ? loadRemoteFeatures(api, (alert) => alerts.raise(alert)) : Promise.resolve(undefined),
    onPluginFailure: (_id, error) =>
      void reporter.reportError({ errorType: error.name, errorMessage: error.shortMessage, stackTrace: error.stack }),
  })
  const bus = kit.resolve(EventBusToken)
  services.onAlert((alert) => bus.emit('kit:alerted', alert))
  return Object.assign(kit, { getProvider: <N extends ProviderNamespace>(namespace: N) => providers.get(namespace) })
}

/** The kit `createKit` returns: the kernel's, plus the providers the host's own code signs through. */
export interface LatchKit extends Kit {
  /**
   * The provider of a namespace's active connection, for the host's own signing: for eip155 an
   * EIP-1193 provider that stays valid across account, chain and wallet changes. Undefined until
   * a plugin offers that namespace (the connectors plugin, once loaded).
   */
  getProvider<N extends ProviderNamespace>(namespace: N): KitProviderMap[N] | undefined
}
