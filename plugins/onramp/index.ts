import { definePlugin } from '../../kernel/loader/definePlugin.js'
import './onrampViewData.js'

/** Options of the onramp plugin. */
export interface OnrampPluginOptions {
  /** Deadline for the plugin's setup; defaults to the kit's. */
  setupTimeoutMs?: number
}

/**
 * Buying crypto by card or bank transfer through the on-ramp provider (SPEC §1, §7): the Account
 * action Buy on SPEC §9's Coinbase-pay networks, OnRampProviders (the two provider kinds with
 * their 1-2% fee, the asset and currency, the amount within its limits, a quote) and
 * BuyInProgress (the checkout popup, awaited until the purchase is paid; then the balances are
 * read again). It needs the account plugin (Account and its balances). Gated on the `onramp`
 * feature flag: when it is off, `./setup.js` is never fetched.
 *
 * @param options - the setup deadline
 * @returns the plugin definition; its code loads on first use
 *
 * @example
 * createKit(options, [connectors({ networks }), account(), onramp()])
 */
export const onramp = (options: OnrampPluginOptions = {}) =>
  definePlugin({
    id: 'onramp',
    feature: 'onramp',
    requires: ['connectors', 'account'],
    setupTimeoutMs: options.setupTimeoutMs,
    load: () => import('./setup.js'),
  })

export { OnrampStoreToken } from './onrampTokens.js'
export type { OnrampStore, CheckoutStatus } from './OnrampStore.js'
export type { OnrampOptions, OnrampQuote, OnrampPurchase, PaymentCurrency, PurchaseCurrency } from './onrampTypes.js'
// Hosts branch on the codes; the error classes stay in the lazy chunk, so the entry stays tiny.
export { OnrampErrorCodes } from './errors/codes.js'
