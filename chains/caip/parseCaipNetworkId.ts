import { InvalidCaipNetworkIdError } from '../errors/caip.js'
import { isChainNamespace, type CaipNetworkId, type ChainNamespace } from './ChainNamespace.js'

/** A parsed CAIP-2 chain id. */
export interface ParsedCaipNetworkId {
  namespace: ChainNamespace
  reference: string
  caipNetworkId: CaipNetworkId
}

// CAIP-2: reference is [-_a-zA-Z0-9]{1,32}. EVM references are chain ids in decimal.
const REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/
const EVM_CHAIN_ID = /^[1-9][0-9]{0,15}$/

/**
 * Parses a CAIP-2 chain id such as `eip155:1` or `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`.
 * See https://chainagnostic.org/CAIPs/caip-2.
 *
 * @param value - the id; anything else is refused
 * @returns its namespace and reference
 * @throws InvalidCaipNetworkIdError 'Invalid CAIP-2 network id' for anything that is not two
 *   non-empty parts with a known namespace
 *
 * @example
 * parseCaipNetworkId('eip155:31337') // { namespace: 'eip155', reference: '31337', ... }
 */
export function parseCaipNetworkId(value: unknown): ParsedCaipNetworkId {
  if (typeof value !== 'string') throw new InvalidCaipNetworkIdError({ value })
  const parts = value.split(':')
  if (parts.length !== 2) throw new InvalidCaipNetworkIdError({ value })
  const [namespace, reference] = parts as [string, string]
  if (!isChainNamespace(namespace) || !REFERENCE.test(reference)) throw new InvalidCaipNetworkIdError({ value })
  if (namespace === 'eip155' && !EVM_CHAIN_ID.test(reference)) throw new InvalidCaipNetworkIdError({ value })
  return { namespace, reference, caipNetworkId: `${namespace}:${reference}` }
}
