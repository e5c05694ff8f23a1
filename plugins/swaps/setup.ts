import type { PluginContext } from '../../kernel/index.js'

/**
 * The swaps plugin's code, in its own chunk, fetched only while its feature is on. It contributes
 * nothing to the modal yet: the feature is built in issue 14. Listed nowhere as a feature.
 */
export default function setup(_ctx: PluginContext): void {}
