import type { BackendServices } from '../plugins/services/BackendServices.js'

/** A network the on-ramp can deliver to, named as a Coinbase-style provider names blockchains. */
export interface OnrampNetwork {
  name: string
  displayName: string
  caipNetworkId: string
  /** Assets deliverable there: symbol → contract (empty for the native currency). */
  assets: Record<string, string>
}

/**
 * The networks the on-ramp delivers to: on the local chains this backend started, ETH and its
 * USDC (the in-process test checkout pays there out of the faucet); on a configured network, its
 * native ETH and a listed USDC (the provider pays there, never this backend); SOL on Solana.
 */
export function onrampNetworks(services: BackendServices): OnrampNetwork[] {
  const chains = [...services.evmChains.values()]
  const local = chains.filter((chain) => chain.contracts).map((chain, index) => ({
    name: index === 0 ? 'latch-local' : `latch-local-${index + 1}`,
    displayName: chain.name,
    caipNetworkId: chain.caipNetworkId,
    assets: { ETH: '', USDC: chain.contracts!.usdc.address as string },
  }))
  const configured = chains.filter((chain) => !chain.contracts).map((chain): OnrampNetwork => {
    const assets: Record<string, string> = {}
    if (chain.nativeCurrency.symbol === 'ETH') assets.ETH = ''
    const usdc = chain.tokens.find((token) => token.symbol === 'USDC')
    if (usdc) assets.USDC = usdc.address
    return { name: chain.caipNetworkId, displayName: chain.name, caipNetworkId: chain.caipNetworkId, assets }
  })
  return [...local, ...configured.filter((network) => Object.keys(network.assets).length > 0), ...(services.solana ? [{ name: 'solana-local', displayName: 'Solana (local)', caipNetworkId: services.solana.caipNetworkId, assets: { SOL: '' } }] : [])]
}

/** Finds a network by its provider name (`latch-local`) or CAIP-2 id. */
export function findOnrampNetwork(services: BackendServices, nameOrCaip: string): OnrampNetwork | undefined {
  return onrampNetworks(services).find((network) => network.name === nameOrCaip || network.caipNetworkId === nameOrCaip)
}
