import type { PluginContext } from '../../kernel/index.js'

/**
 * The socials plugin's code, in its own chunk. The foundation only gates and loads it; the
 * feature itself (Social login through the secure site's popup (SPEC §4 'Social login')) is built in its own issue and registers its stores, views and
 * RPC handlers here.
 */
export default function setupSocials(ctx: PluginContext): void {
  ctx.contributeState('socialsLoaded', () => true)
}
