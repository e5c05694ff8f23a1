import { definePlugin } from '../../kernel/index.js'

/** Options of the swaps plugin. */
export interface SwapsPluginOptions {
  /** Deadline for the plugin's setup; defaults to the kit's. */
  setupTimeoutMs?: number
}

/**
 * Token swaps through the blockchain service's convert routes (SPEC §7).
 * Gated on the `swaps` feature flag. It contributes nothing yet (issue 14), so it has no code chunk:
 * the page fetches nothing for it until it does.
 *
 * @example
 * createKit(options, [swaps()])
 */
export const swaps = (options: SwapsPluginOptions = {}) =>
  definePlugin({
    id: 'swaps',
    feature: 'swaps',
    setupTimeoutMs: options.setupTimeoutMs,
    setup() {},
  })
