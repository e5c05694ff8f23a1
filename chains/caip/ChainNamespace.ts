/** The namespaces a Network may belong to (SPEC §3). */
export const CHAIN_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const

export type ChainNamespace = (typeof CHAIN_NAMESPACES)[number]

/** A CAIP-2 chain id, `namespace:reference`. */
export type CaipNetworkId = `${ChainNamespace}:${string}`

/** A CAIP-10 account id, `namespace:reference:address`. */
export type CaipAddress = `${ChainNamespace}:${string}:${string}`

/**
 * Whether a string is one of the namespaces the kit knows.
 *
 * @param value - anything
 * @returns true for eip155, solana, polkadot, bip122 and cosmos
 */
export function isChainNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && (CHAIN_NAMESPACES as readonly string[]).includes(value)
}
