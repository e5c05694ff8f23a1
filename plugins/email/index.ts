import { definePlugin } from '../../kernel/index.js'

/** Options of the email plugin. */
export interface EmailPluginOptions {
  /** Deadline for the plugin's setup; defaults to the kit's. */
  setupTimeoutMs?: number
}

/**
 * Email login with a one-time code through the embedded wallet (SPEC §4 'Email login').
 * Gated on the `email` feature flag. It contributes nothing yet (issue 12), so it has no code chunk:
 * the page fetches nothing for it until it does.
 *
 * @example
 * createKit(options, [email()])
 */
export const email = (options: EmailPluginOptions = {}) =>
  definePlugin({
    id: 'email',
    feature: 'email',
    setupTimeoutMs: options.setupTimeoutMs,
    setup() {},
  })
