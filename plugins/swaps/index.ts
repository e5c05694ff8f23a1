import { definePlugin } from '../../kernel/index.js'

/** Options of the swaps plugin. */
export interface SwapsPluginOptions {
  /** Deadline for the plugin's setup; defaults to the kit's. */
  setupTimeoutMs?: number
}

/**
 * Token swaps through the blockchain service's convert routes (SPEC §7).
 * Gated on the `swaps` feature flag: when it is off, `./setup.js` is never fetched.
 *
 * @example
 * createKit(options, [swaps()])
 */
export const swaps = (options: SwapsPluginOptions = {}) =>
  definePlugin({
    id: 'swaps',
    feature: 'swaps',
    setupTimeoutMs: options.setupTimeoutMs,
    load: () => import('./setup.js'),
  })
