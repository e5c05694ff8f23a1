import { definePlugin } from '../../kernel/loader/definePlugin.js'

/** Options of the email plugin. */
export interface EmailPluginOptions {
  /** Deadline for the plugin's setup; defaults to the kit's. */
  setupTimeoutMs?: number
}

/**
 * Email login with a one-time code through the embedded wallet (SPEC §4 'Email login'): an
 * email field on Connect, then EmailLogin for the device approval the secure site may ask for
 * and the 6-digit code. Needs the embedded wallet plugin. Gated on the `email` feature flag:
 * when it is off, its code is never fetched.
 *
 * @example
 * createKit(options, [connectors({ networks }), connect(), embeddedWallet({ secureSiteUrl }), email()])
 */
export const email = (options: EmailPluginOptions = {}) =>
  definePlugin({
    id: 'email',
    feature: 'email',
    requires: ['connectors', 'embeddedWallet'],
    setupTimeoutMs: options.setupTimeoutMs,
    load: () => import('./setup.js'),
  })

