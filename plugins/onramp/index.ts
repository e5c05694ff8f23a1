import { definePlugin } from '../../kernel/index.js'

/** Options of the onramp plugin. */
export interface OnrampPluginOptions {
  /** Deadline for the plugin's setup; defaults to the kit's. */
  setupTimeoutMs?: number
}

/**
 * Buying crypto by card through the on-ramp providers (SPEC §7).
 * Gated on the `onramp` feature flag: when it is off, `./setup.js` is never fetched.
 *
 * @example
 * createKit(options, [onramp()])
 */
export const onramp = (options: OnrampPluginOptions = {}) =>
  definePlugin({
    id: 'onramp',
    feature: 'onramp',
    setupTimeoutMs: options.setupTimeoutMs,
    load: () => import('./setup.js'),
  })
