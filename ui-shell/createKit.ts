import type { KitOptions } from '../kernel/KitOptions.js'
import { toKitError } from '../kernel/errors/base.js'
import type { PluginDefinition } from '../kernel/loader/definePlugin.js'
import { orderPlugins } from '../kernel/loader/orderPlugins.js'
import { nextTask } from '../kernel/loader/nextTask.js'
import { createHostMethods } from './hostApi/createHostMethods.js'
import { createStartingKit } from './hostApi/createStartingKit.js'
import type { LatchKit } from './hostApi/LatchKit.js'
import './ShellOptions.js'
import { checkShellOptions } from './checkShellOptions.js'
import { withRestrictedRegionUrls } from './services/restrictedRegion.js'
import { afterHostPaint } from './afterHostPaint.js'

/**
 * Creates a kit with the modal: the kernel, the services, the shell, and the host's plugins.
 * The options and plugins are checked at once; the kit itself starts once the host's first render
 * was painted, from a chunk of its own, so none of Latch's setup runs before the host's page shows.
 * Until then `getState()` reads a kit not started, events are kept for it, and `open`,
 * `request` and `setLocale` wait for it.
 *
 * @param hostOptions - project id, service URLs (the restricted-region ones for visitors there), features, theme
 * @param plugins - the features the host wants; each is fetched only when its feature is on
 * @returns the kit; `kit.ready` settles once it started, remote configuration was read and the first plugins loaded
 * @throws InvalidOptionsError for an option of the wrong type, what the kernel throws for the plugins list, or what a plugin's `checkOptions` throws
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
  try {
    for (const plugin of orderPlugins(plugins)) plugin.checkOptions?.(options)
  } catch (error) {
    // A plugin's checkOptions should throw a KitError; whatever it threw, the host gets one.
    throw toKitError(error)
  }
  const start = afterHostPaint()
    .then(() => import('./bootKit.js'))
    // The chunk evaluates in one task and the kit starts in the next: in one, they blocked a
    // phone's page for 140 ms (issue 32).
    .then(async ({ bootKit }) => (await nextTask(), () => bootKit(options, plugins)))
  const kit = createStartingKit(options, start)
  return Object.assign(kit, createHostMethods(kit))
}
