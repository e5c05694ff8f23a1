import type { EvmChainHandle } from '../BackendServices.js'
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
