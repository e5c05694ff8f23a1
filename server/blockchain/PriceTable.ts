/** USD prices of the local assets, by symbol. The local chains have no market, so prices are configured. */
export type PriceTable = Readonly<Record<string, number>>

/** Defaults consistent with the seeded pools: 1 ETH = 3,000 USDC = 1,500 LTK. */
export const DEFAULT_PRICES: PriceTable = {
  ETH: 3000,
  WETH: 3000,
  USDC: 1,
  LTK: 2,
  DUST: 0.01,
  SOL: 150,
  LUSD: 1,
}

/** A symbol's USD price, 0 when unknown (the balance still shows; its value is 0). */
export function priceOf(prices: PriceTable, symbol: string): number {
  return Object.hasOwn(prices, symbol) ? (prices[symbol] ?? 0) : 0
}
