import { definePlugin } from '../../kernel/index.js'

/** Options of the activity plugin. */
export interface ActivityPluginOptions {
  /** Deadline for the plugin's setup; defaults to the kit's. */
  setupTimeoutMs?: number
}

/**
 * The Activity tab: transaction history from the blockchain service (SPEC §7).
 * Gated on the `activity` feature flag: when it is off, `./setup.js` is never fetched.
 *
 * @example
 * createKit(options, [activity()])
 */
export const activity = (options: ActivityPluginOptions = {}) =>
  definePlugin({
    id: 'activity',
    feature: 'activity',
    setupTimeoutMs: options.setupTimeoutMs,
    load: () => import('./setup.js'),
  })
