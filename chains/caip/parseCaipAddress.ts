import { InvalidCaipAddressError } from '../errors/caip.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from './ChainNamespace.js'
import { isNamespaceAddress } from './isNamespaceAddress.js'
import { parseCaipNetworkId } from './parseCaipNetworkId.js'

/** A parsed CAIP-10 account id. The address keeps its case: EIP-55 checksums survive. */
export interface ParsedCaipAddress {
  namespace: ChainNamespace
  reference: string
  address: string
  caipNetworkId: CaipNetworkId
  caipAddress: CaipAddress
}

/**
 * Parses a CAIP-10 account id such as `eip155:1:0xab…`. See https://chainagnostic.org/CAIPs/caip-10.
 *
 * @param value - the id; anything else is refused
 * @returns namespace, reference, address and the network id
 * @throws InvalidCaipAddressError 'Invalid CAIP-10 address' unless there are three non-empty
 *   parts, a known namespace, a valid reference and an address of the namespace's format
 *
 * @example
 * parseCaipAddress('eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266').address
 */
export function parseCaipAddress(value: unknown): ParsedCaipAddress {
  if (typeof value !== 'string') throw new InvalidCaipAddressError({ value })
  const parts = value.split(':')
  if (parts.length !== 3 || parts.some((part) => part.length === 0)) throw new InvalidCaipAddressError({ value })
  const [namespace, reference, address] = parts as [string, string, string]
  let network
  try {
    network = parseCaipNetworkId(`${namespace}:${reference}`)
  } catch {
    throw new InvalidCaipAddressError({ value })
  }
  if (!isNamespaceAddress(network.namespace, address)) throw new InvalidCaipAddressError({ value })
  return {
    namespace: network.namespace,
    reference,
    address,
    caipNetworkId: network.caipNetworkId,
    caipAddress: `${network.caipNetworkId}:${address}`,
  }
}
