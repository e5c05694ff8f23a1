import type { PluginContext } from '../../kernel/index.js'

/**
 * The onramp plugin's code, in its own chunk. The foundation only gates and loads it; the
 * feature itself (Buying crypto by card through the on-ramp providers (SPEC §7)) is built in its own issue and registers its stores, views and
 * RPC handlers here.
 */
export default function setupOnramp(ctx: PluginContext): void {
  ctx.contributeState('onrampLoaded', () => true)
}
