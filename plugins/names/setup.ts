import type { PluginContext } from '../../kernel/index.js'

/**
 * The names plugin's code, in its own chunk. The foundation only gates and loads it; the
 * feature itself (Account name registration under the configured suffix (SPEC §4, §5)) is built in its own issue and registers its stores, views and
 * RPC handlers here.
 */
export default function setupNames(ctx: PluginContext): void {
  ctx.contributeState('namesLoaded', () => true)
}
