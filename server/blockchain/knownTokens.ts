import type { EvmChainHandle } from '../plugins/services/BackendServices.js'
import type { DeployedToken } from '../chains/deployEvmContracts.js'

/** The ERC20s a network lists (its token list, or what a local chain deployed), in display order. */
export function knownTokens(chain: EvmChainHandle): DeployedToken[] {
  return chain.tokens
}

/** The listed ERC20 at `address` on `chain`, if any (case-insensitive). */
export function tokenAt(chain: EvmChainHandle, address: string): DeployedToken | undefined {
  const needle = address.toLowerCase()
  return knownTokens(chain).find((token) => token.address.toLowerCase() === needle)
}

/**
 * A Uniswap V2 pool share (`UNI-V2`, 18 decimals) of the chain's known pools, named after its pair, if
 * `address` is one: adding liquidity mints them, and history names them instead of 'Unknown token'.
 */
export function poolShareAt(chain: EvmChainHandle, address: string): DeployedToken | undefined {
  const needle = address.toLowerCase()
  const pair = Object.entries(chain.swap?.pairs ?? {}).find(([, pool]) => pool.toLowerCase() === needle)
  return pair && { address: pair[1], name: `Uniswap V2 ${pair[0]}`, symbol: 'UNI-V2', decimals: 18 }
}

/** The NFT collections this backend knows on `chain` (only those it deployed on a local chain). */
export function knownCollections(chain: EvmChainHandle) {
  return chain.contracts ? [chain.contracts.nft, chain.contracts.spamNft] : []
}
