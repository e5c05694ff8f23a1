import { definePlugin } from '../../kernel/index.js'

/** Options of the siwx plugin. */
export interface SiwxPluginOptions {
  /** Deadline for the plugin's setup; defaults to the kit's. */
  setupTimeoutMs?: number
}

/**
 * Sign in with the wallet: message, signature and session (SPEC §4).
 * Gated on the `siwx` feature flag: when it is off, `./setup.js` is never fetched.
 *
 * @example
 * createKit(options, [siwx()])
 */
export const siwx = (options: SiwxPluginOptions = {}) =>
  definePlugin({
    id: 'siwx',
    feature: 'siwx',
    setupTimeoutMs: options.setupTimeoutMs,
    load: () => import('./setup.js'),
  })
