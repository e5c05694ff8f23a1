import { randomUUID } from 'node:crypto'
import { priceOf, type PriceTable } from '../blockchain/PriceTable.js'
import { ASSET_DECIMALS, FIAT_IN_USD } from './onrampCurrencies.js'
import { roundDownTo } from './onrampAmount.js'

/** Provider fee 1.5% (SPEC §1: 1-2%) plus a flat network fee. */
const PROVIDER_FEE = 0.015
const NETWORK_FEE_USD = 0.5

/**
 * What `fiatAmount` of `fiat` buys of `asset` after the fees, as `POST /v1/onramp/quote` answers.
 *
 * @param prices - USD prices of the assets
 * @param asset - ETH, USDC or SOL
 * @param fiat - a key of `FIAT_IN_USD`
 * @param fiatAmount - what the buyer pays, fees included
 * @returns amounts and fees, each with its currency, and a new quote id
 * @example
 * onrampQuote(DEFAULT_PRICES, 'USDC', 'USD', 100).purchaseAmount // { amount: '98', currency: 'USDC' }
 */
export function onrampQuote(prices: PriceTable, asset: string, fiat: string, fiatAmount: number) {
  const usd = fiatAmount * FIAT_IN_USD[fiat]!
  const providerFee = usd * PROVIDER_FEE
  const net = onrampNetUsd(usd)
  const price = priceOf(prices, asset)
  const toFiat = (value: number) => (value / FIAT_IN_USD[fiat]!).toFixed(2)
  return {
    purchaseAmount: { amount: price > 0 ? roundDownTo(net / price, ASSET_DECIMALS[asset] ?? 6).toString() : '0', currency: asset },
    paymentTotal: { amount: fiatAmount.toFixed(2), currency: fiat },
    paymentSubtotal: { amount: toFiat(net), currency: fiat },
    networkFee: { amount: toFiat(NETWORK_FEE_USD), currency: fiat },
    coinbaseFee: { amount: toFiat(providerFee), currency: fiat },
    quoteId: randomUUID(),
  }
}

/**
 * What a payment of `totalUsd`, fees included, buys: the worth of the asset sent.
 *
 * @example
 * onrampNetUsd(100) // 98
 */
export function onrampNetUsd(totalUsd: number): number {
  return Math.max(0, totalUsd * (1 - PROVIDER_FEE) - NETWORK_FEE_USD)
}

/**
 * What the buyer pays, fees included, for an asset worth `worthUsd`: the inverse of the quote, so
 * the checkout asks for the total the modal showed (98 USDC costs 100.00, not 98.00).
 *
 * @example
 * onrampTotalUsd(98) // 100
 */
export function onrampTotalUsd(worthUsd: number): number {
  return Math.round(((worthUsd + NETWORK_FEE_USD) / (1 - PROVIDER_FEE)) * 100) / 100
}
