import type { PluginContext } from '../../kernel/index.js'

/**
 * The swaps plugin's code, in its own chunk. The foundation only gates and loads it; the
 * feature itself (Token swaps through the blockchain service's convert routes (SPEC §7)) is built in its own issue and registers its stores, views and
 * RPC handlers here.
 */
export default function setupSwaps(ctx: PluginContext): void {
  ctx.contributeState('swapsLoaded', () => true)
}
