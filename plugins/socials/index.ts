import { definePlugin } from '../../kernel/index.js'

/** Options of the socials plugin. */
export interface SocialsPluginOptions {
  /** Deadline for the plugin's setup; defaults to the kit's. */
  setupTimeoutMs?: number
}

/**
 * Social login through the secure site's popup (SPEC §4 'Social login').
 * Gated on the `socials` feature flag: when it is off, `./setup.js` is never fetched.
 *
 * @example
 * createKit(options, [socials()])
 */
export const socials = (options: SocialsPluginOptions = {}) =>
  definePlugin({
    id: 'socials',
    feature: 'socials',
    setupTimeoutMs: options.setupTimeoutMs,
    load: () => import('./setup.js'),
  })

export { SOCIAL_PROVIDERS, socialProvidersOf } from './socialProviders.js'
export type { SocialProvider } from '../../chains/connectors/AuthConnector.js'
