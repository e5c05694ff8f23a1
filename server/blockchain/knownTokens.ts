import type { EvmChainHandle } from '../plugins/services/BackendServices.js'
import type { DeployedToken } from '../chains/deployEvmContracts.js'

/** The ERC20s deployed on a chain, in display order. */
export function knownTokens(chain: EvmChainHandle): DeployedToken[] {
  const { usdc, ltk, dust, weth } = chain.contracts
  return [usdc, ltk, weth, dust]
}

/** The deployed ERC20 at `address` on `chain`, if any (case-insensitive). */
export function tokenAt(chain: EvmChainHandle, address: string): DeployedToken | undefined {
  const needle = address.toLowerCase()
  return knownTokens(chain).find((token) => token.address.toLowerCase() === needle)
}

/**
 * A Uniswap V2 pool share (`UNI-V2`, 18 decimals) of the chain's pools, named after its pair, if
 * `address` is one: adding liquidity mints them, and history names them instead of 'Unknown token'.
 */
export function poolShareAt(chain: EvmChainHandle, address: string): DeployedToken | undefined {
  const needle = address.toLowerCase()
  const pair = Object.entries(chain.contracts.pairs).find(([, pool]) => pool.toLowerCase() === needle)
  return pair && { address: pair[1], name: `Uniswap V2 ${pair[0]}`, symbol: 'UNI-V2', decimals: 18 }
}
