/**
 * SPEC §9: the 12 eip155 chains the swap provider serves (AppKit 1.7.10's list: Ethereum,
 * Arbitrum, Optimism, zkSync, Base, BNB Chain, Polygon, Gnosis, Avalanche, Fantom, Kaia,
 * Aurora), plus the reference backend's local chains, whose Uniswap-like pools answer the
 * convert routes.
 */
export const SWAP_NETWORKS: ReadonlySet<string> = new Set([
  'eip155:1',
  'eip155:42161',
  'eip155:10',
  'eip155:324',
  'eip155:8453',
  'eip155:56',
  'eip155:137',
  'eip155:100',
  'eip155:43114',
  'eip155:250',
  'eip155:8217',
  'eip155:1313161554',
  // The local chains of server/chains (hardhat).
  'eip155:31337',
  'eip155:31338',
])

/** SPEC §9: swap slippage tolerance, in percent. */
export const SWAP_SLIPPAGE_PERCENT = 1

/** @returns whether swaps run on this CAIP-2 network */
export function isSwapNetwork(caipNetworkId: string | undefined): boolean {
  return caipNetworkId !== undefined && SWAP_NETWORKS.has(caipNetworkId)
}
