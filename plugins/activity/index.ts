import { definePlugin } from '../../kernel/loader/definePlugin.js'

/** Options of the activity plugin. */
export interface ActivityPluginOptions {
  /** Deadline for the plugin's setup; defaults to the kit's. */
  setupTimeoutMs?: number
}

/**
 * The Activity tab of Account: the active chain's transactions from the blockchain service
 * (SPEC §7), paged as the visitor scrolls, with on-ramp purchases; added to the shell's
 * AccountTabs slot after Tokens and NFTs. It needs the account plugin (whose amount format it
 * uses and whose sends it shows once they land). Gated on the `activity` feature flag:
 * when it is off, `./setup.js` is never fetched, and turning it off removes the tab.
 *
 * @param options - the setup deadline
 * @returns the plugin definition; its code loads on first use
 *
 * @example
 * createKit(options, [connectors({ networks }), account(), activity()])
 */
export const activity = (options: ActivityPluginOptions = {}) =>
  definePlugin({
    id: 'activity',
    feature: 'activity',
    requires: ['connectors', 'account'],
    setupTimeoutMs: options.setupTimeoutMs,
    load: () => import('./setup.js'),
  })
