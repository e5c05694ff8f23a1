import { createKernel, EventBusToken, isFeatureOn, toKitError, type Kit, type KitOptions, type PluginDefinition } from '../kernel/index.js'
import { shell } from './shellPlugin.js'
import { ProviderRegistry } from './providers/ProviderRegistry.js'
import { createHostMethods } from './hostApi/createHostMethods.js'
import type { LatchKit } from './hostApi/LatchKit.js'
import { DEFAULT_FEATURES, REMOTE_FEATURES } from './services/featureDefaults.js'
import { createRemoteFeatures } from './services/createRemoteFeatures.js'
import { createServices, servicesPlugin } from './services/servicesPlugin.js'
import './ShellOptions.js'
import { checkShellOptions } from './checkShellOptions.js'
import { withRestrictedRegionUrls } from './services/restrictedRegion.js'
import { afterFirstFrame } from './afterFirstFrame.js'

/**
 * Creates a kit with the modal: the kernel, the services, the shell, and the host's plugins.
 *
 * @param hostOptions - project id, service URLs (the restricted-region ones for visitors there), features, theme
 * @param plugins - the features the host wants; each is fetched only when its feature is on
 * @returns the kit; `kit.ready` settles once remote configuration was read and the first plugins loaded
 * @throws InvalidOptionsError for an option of the wrong type, or what the kernel throws for the plugins
 * @example
 * import { createKit } from 'latch'
 * import { activity } from 'latch/plugins/activity'
 * const kit = createKit({ projectId: 'latch-dev', apiUrl: 'http://127.0.0.1:5545' }, [activity()])
 * document.querySelector('#connect')!.addEventListener('click', () => kit.open())
 */
export function createKit(hostOptions: KitOptions = {}, plugins: readonly PluginDefinition[] = []): LatchKit {
  checkShellOptions(hostOptions)
  // Decided once, before any service client exists: every plugin reads the same URLs.
  const options = withRestrictedRegionUrls(hostOptions)
  let kit: Kit | undefined
  const providers = new ProviderRegistry()
  const services = createServices(options, () => isFeatureOn(kit?.getState().features ?? DEFAULT_FEATURES, 'analytics'))
  const { api, projectId, reporter, alerts } = services
  const firstFrame = afterFirstFrame()
  const remote = api && projectId && options.remoteConfig !== false ? createRemoteFeatures(api, (alert) => alerts.raise(alert)) : undefined
  try {
    kit = createKernel(options, [servicesPlugin(services), shell(options, providers), ...plugins], {
      defaultFeatures: DEFAULT_FEATURES,
      remoteFeatureKeys: REMOTE_FEATURES,
      // The first read waits for the host's first frame too: the plugins load after it.
      loadRemoteFeatures: () => Promise.all([remote?.load(), firstFrame]).then(([flags]) => flags),
      onPluginFailure: (_id, error) =>
        void reporter.reportError({ errorType: error.name, errorMessage: error.shortMessage, stackTrace: error.stack }),
    })
  } catch (error) {
    // A plugin's checkOptions should throw a KitError; whatever it threw, the host gets one.
    throw toKitError(error)
  }
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
  return Object.assign(kit, createHostMethods(kit, providers))
}

