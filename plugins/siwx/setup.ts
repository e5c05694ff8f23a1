import type { PluginContext } from '../../kernel/index.js'

/**
 * The siwx plugin's code, in its own chunk. The foundation only gates and loads it; the
 * feature itself (Sign in with the wallet: message, signature and session (SPEC §4)) is built in its own issue and registers its stores, views and
 * RPC handlers here.
 */
export default function setupSiwx(ctx: PluginContext): void {
  ctx.contributeState('siwxLoaded', () => true)
}
