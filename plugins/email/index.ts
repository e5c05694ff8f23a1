import { definePlugin } from '../../kernel/index.js'

/** Options of the email plugin. */
export interface EmailPluginOptions {
  /** Deadline for the plugin's setup; defaults to the kit's. */
  setupTimeoutMs?: number
}

/**
 * Email login with a one-time code through the embedded wallet (SPEC §4 'Email login').
 * Gated on the `email` feature flag: when it is off, `./setup.js` is never fetched.
 *
 * @example
 * createKit(options, [email()])
 */
export const email = (options: EmailPluginOptions = {}) =>
  definePlugin({
    id: 'email',
    feature: 'email',
    setupTimeoutMs: options.setupTimeoutMs,
    load: () => import('./setup.js'),
  })
