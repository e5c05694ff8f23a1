import type { PluginContext } from '../../kernel/index.js'

/**
 * The email plugin's code, in its own chunk. The foundation only gates and loads it; the
 * feature itself (Email login with a one-time code through the embedded wallet (SPEC §4 'Email login')) is built in its own issue and registers its stores, views and
 * RPC handlers here.
 */
export default function setupEmail(ctx: PluginContext): void {
  ctx.contributeState('emailLoaded', () => true)
}
