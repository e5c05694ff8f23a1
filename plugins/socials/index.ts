import { definePlugin } from '../../kernel/loader/definePlugin.js'

/** Options of the socials plugin. */
export interface SocialsPluginOptions {
  /** Deadline for the plugin's setup; defaults to the kit's. */
  setupTimeoutMs?: number
}

/**
 * Social login through the embedded wallet (SPEC §4 'Social login'): Connect's social method
 * lists the providers of the `socials` flag in SPEC §1's order (SPEC §6's Telegram rules
 * applied); a click opens a 600×800 popup on the provider's sign-in page, the secure site
 * completes the OpenID login and hands the result back, and the AUTH connector connects. Needs
 * the embedded wallet plugin. Gated on the `socials` feature flag: when it is off, its code is
 * never fetched.
 *
 * @example
 * createKit(options, [connectors({ networks }), connect(), embeddedWallet({ secureSiteUrl }), socials()])
 */
export const socials = (options: SocialsPluginOptions = {}) =>
  definePlugin({
    id: 'socials',
    feature: 'socials',
    requires: ['connectors', 'embeddedWallet'],
    setupTimeoutMs: options.setupTimeoutMs,
    load: () => import('./setup.js'),
  })

export { SOCIAL_PROVIDERS, socialProvidersOf } from './socialProviders.js'
export type { SocialProvider } from '../../chains/connectors/AuthConnector.js'
