import { definePlugin } from '../../kernel/index.js'

/** Options of the socials plugin. */
export interface SocialsPluginOptions {
  /** Deadline for the plugin's setup; defaults to the kit's. */
  setupTimeoutMs?: number
}

/**
 * Social login through the secure site's popup (SPEC §4 'Social login').
 * Gated on the `socials` feature flag. It contributes nothing yet (issue 12), so it has no code chunk:
 * the page fetches nothing for it until it does.
 *
 * @example
 * createKit(options, [socials()])
 */
export const socials = (options: SocialsPluginOptions = {}) =>
  definePlugin({
    id: 'socials',
    feature: 'socials',
    setupTimeoutMs: options.setupTimeoutMs,
    setup() {},
  })

export { SOCIAL_PROVIDERS, socialProvidersOf } from './socialProviders.js'
export type { SocialProvider } from '../../chains/connectors/AuthConnector.js'
