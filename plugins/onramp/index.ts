import { definePlugin } from '../../kernel/index.js'

/** Options of the onramp plugin. */
export interface OnrampPluginOptions {
  /** Deadline for the plugin's setup; defaults to the kit's. */
  setupTimeoutMs?: number
}

/**
 * Buying crypto by card through the on-ramp providers (SPEC §7).
 * Gated on the `onramp` feature flag. It contributes nothing yet (issue 14), so it has no code chunk:
 * the page fetches nothing for it until it does.
 *
 * @example
 * createKit(options, [onramp()])
 */
export const onramp = (options: OnrampPluginOptions = {}) =>
  definePlugin({
    id: 'onramp',
    feature: 'onramp',
    setupTimeoutMs: options.setupTimeoutMs,
    setup() {},
  })
