import type { PluginContext } from '../../kernel/index.js'

/**
 * The activity plugin's code, in its own chunk. The foundation only gates and loads it; the
 * feature itself (The Activity tab: transaction history from the blockchain service (SPEC §7)) is built in its own issue and registers its stores, views and
 * RPC handlers here.
 */
export default function setupActivity(ctx: PluginContext): void {
  ctx.contributeState('activityLoaded', () => true)
}
