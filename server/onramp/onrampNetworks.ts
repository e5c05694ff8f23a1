import type { BackendServices } from '../plugins/services/BackendServices.js'

/** A network the on-ramp can deliver to, named as a Coinbase-style provider names blockchains. */
export interface OnrampNetwork {
  name: string
  displayName: string
  caipNetworkId: string
  /** Assets deliverable there: symbol → contract (empty for the native currency). */
  assets: Record<string, string>
}

/** The local networks the checkout pays on: ETH and USDC on both EVM chains, SOL on Solana. */
export function onrampNetworks(services: BackendServices): OnrampNetwork[] {
  // Only where the test checkout's faucet holds funds: the local chains this backend started.
  const evm = [...services.evmChains.values()].flatMap((chain) => (chain.contracts ? [{ chain, usdc: chain.contracts.usdc }] : [])).map(({ chain, usdc }, index) => ({
    name: index === 0 ? 'latch-local' : `latch-local-${index + 1}`,
    displayName: chain.name,
    caipNetworkId: chain.caipNetworkId,
    assets: { ETH: '', USDC: usdc.address as string },
  }))
  return [...evm, ...(services.solana ? [{ name: 'solana-local', displayName: 'Solana (local)', caipNetworkId: services.solana.caipNetworkId, assets: { SOL: '' } }] : [])]
}

/** Finds a network by its provider name (`latch-local`) or CAIP-2 id. */
export function findOnrampNetwork(services: BackendServices, nameOrCaip: string): OnrampNetwork | undefined {
  return onrampNetworks(services).find((network) => network.name === nameOrCaip || network.caipNetworkId === nameOrCaip)
}
