import type { CaipNetworkId, ChainNamespace } from './ChainNamespace.js'
import { parseCaipNetworkId } from './parseCaipNetworkId.js'

/**
 * Builds a CAIP-2 chain id and checks it, so a malformed one never leaves the kit.
 *
 * @param namespace - eip155, solana, polkadot, bip122 or cosmos
 * @param reference - the chain reference (an EVM chain id may be a number)
 * @returns `namespace:reference`
 * @throws InvalidCaipNetworkIdError 'Invalid CAIP-2 network id'
 *
 * @example
 * formatCaipNetworkId('eip155', 31338) // 'eip155:31338'
 */
export function formatCaipNetworkId(namespace: ChainNamespace, reference: string | number): CaipNetworkId {
  return parseCaipNetworkId(`${namespace}:${reference}`).caipNetworkId
}
