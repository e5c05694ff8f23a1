import { FIAT_IN_USD } from '../onrampCurrencies.js'
import type { OnrampOrder } from '../payOnrampOrder.js'

/**
 * The order a signed checkout URL names, read from the URL alone, as a provider that shares no
 * database with the backend reads it (`signedCheckoutProvider` writes these parameters): the
 * total kept in USD, as the backend's orders hold it.
 *
 * @param url - a checkout URL whose signature was already checked
 */
export function orderFromCheckoutUrl(url: URL): OnrampOrder {
  const param = (name: string) => url.searchParams.get(name) ?? ''
  const currency = param('baseCurrencyCode').toUpperCase()
  const usd = Number(param('baseCurrencyAmount')) * (FIAT_IN_USD[currency] ?? 1)
  return {
    id: param('externalTransactionId'),
    destination: param('walletAddress'),
    network: param('network'),
    asset: param('currencyCode').toUpperCase(),
    amount: param('quoteCurrencyAmount'),
    fiat_amount: usd.toFixed(2),
    status: 'pending',
    tx_hash: null,
    created_at: 0,
    paying_until: null,
    paying_lease: null,
  }
}
