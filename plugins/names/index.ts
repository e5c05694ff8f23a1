import { definePlugin } from '../../kernel/index.js'

/** Options of the names plugin. */
export interface NamesPluginOptions {
  /** Deadline for the plugin's setup; defaults to the kit's. */
  setupTimeoutMs?: number
}

/**
 * Account name registration under the configured suffix (SPEC §4, §5).
 * Gated on the `names` feature flag. It contributes nothing yet (issue 13), so it has no code chunk:
 * the page fetches nothing for it until it does.
 *
 * @example
 * createKit(options, [names()])
 */
export const names = (options: NamesPluginOptions = {}) =>
  definePlugin({
    id: 'names',
    feature: 'names',
    setupTimeoutMs: options.setupTimeoutMs,
    setup() {},
  })
