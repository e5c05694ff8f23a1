import { formatUnits } from 'viem'
import type { BalanceEntry } from '../blockchain/readBalances.js'
import { priceOf, type PriceTable } from '../blockchain/PriceTable.js'
import { usdValue } from '../blockchain/usdValue.js'

/**
 * A builder of one cluster's balance entries (SPEC §3 token balance), priced from the table:
 * the local cluster and a configured one answer in the same shape.
 */
export function solanaBalanceEntry(prices: PriceTable, caipNetworkId: string, baseUrl: string) {
  return (name: string, symbol: string, decimals: number, amount: bigint, mint?: string): BalanceEntry => {
    const numeric = formatUnits(amount, decimals)
    const price = priceOf(prices, symbol)
    return {
      name,
      symbol,
      chainId: caipNetworkId,
      ...(mint ? { address: `${caipNetworkId}:${mint}` } : {}),
      value: usdValue(numeric, price),
      price,
      quantity: { decimals: String(decimals), numeric },
      iconUrl: `${baseUrl}/public/getTokenImage/${symbol}`,
    }
  }
}
