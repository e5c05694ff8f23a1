import { createKit as createKernelKit, type Kit, type PluginDefinition } from '../kernel/index.js'
import { shell, type ShellOptions } from './shellPlugin.js'

/**
 * Creates a kit with the modal: the kernel, the shell, and the host's plugins.
 *
 * @param options - project id, service URLs, features, theme
 * @param plugins - the features the host wants; each is fetched only when its feature is on
 * @example
 * import { createKit } from 'latch'
 * import { activity } from 'latch/plugins/activity'
 * const kit = createKit({ projectId: 'latch-dev', apiUrl: 'http://127.0.0.1:5545' }, [activity()])
 * document.querySelector('#connect')!.addEventListener('click', () => kit.open())
 */
export function createKit(options: ShellOptions = {}, plugins: readonly PluginDefinition[] = []): Kit {
  return createKernelKit(options, [shell(options), ...plugins])
}
