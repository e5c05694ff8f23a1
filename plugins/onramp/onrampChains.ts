/**
 * SPEC §9's Coinbase-pay chains, by EVM chain id, with the names the provider gives them:
 * Buy is offered only on these.
 */
const COINBASE_PAY_CHAINS: Record<string, string> = {
  'eip155:1': 'ethereum',
  'eip155:42161': 'arbitrum',
  'eip155:137': 'polygon',
  'eip155:80094': 'berachain',
  'eip155:43114': 'avalanche-c-chain',
  'eip155:10': 'optimism',
  'eip155:42220': 'celo',
  'eip155:8453': 'base',
}

/**
 * The reference backend's local chains, which its test checkout pays on (named as
 * server/onramp/onrampNetworks.ts names them), so Buy works end to end without a real provider.
 */
const LOCAL_CHAINS: Record<string, string> = {
  'eip155:31337': 'latch-local',
  'eip155:31338': 'latch-local-2',
}

/**
 * The provider's name of a network where Buy is offered, or `undefined` where it is not.
 *
 * @param caipNetworkId - the active network, e.g. `eip155:8453`
 * @returns e.g. `base`
 * @example
 * onrampNetworkName('eip155:8453') // 'base'
 * onrampNetworkName('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') // undefined
 */
export function onrampNetworkName(caipNetworkId: string | undefined): string | undefined {
  if (!caipNetworkId) return undefined
  return COINBASE_PAY_CHAINS[caipNetworkId] ?? LOCAL_CHAINS[caipNetworkId]
}
