import type { CaipAddress, CaipNetworkId } from './ChainNamespace.js'
import { parseCaipAddress } from './parseCaipAddress.js'

/**
 * Builds a CAIP-10 account id and checks it.
 *
 * @param caipNetworkId - the CAIP-2 network id
 * @param address - the account address, kept as given
 * @returns `namespace:reference:address`
 * @throws InvalidCaipAddressError 'Invalid CAIP-10 address'
 *
 * @example
 * formatCaipAddress('eip155:1', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
 */
export function formatCaipAddress(caipNetworkId: CaipNetworkId | string, address: string): CaipAddress {
  return parseCaipAddress(`${caipNetworkId}:${address}`).caipAddress
}
