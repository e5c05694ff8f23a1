import type { CaipAddress, CaipNetworkId, ChainNamespace } from './ChainNamespace.js'

/**
 * The address that stands for a namespace's native coin where a token address is expected (the
 * convert and price routes, a swap's from and to tokens): AppKit 1.7.10's NATIVE_TOKEN_ADDRESS
 * (packages/controllers/src/utils/ConstantsUtil.ts). Namespaces without such a convention use '0x'.
 */
export const NATIVE_TOKEN_ADDRESS = {
  eip155: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
  solana: 'So11111111111111111111111111111111111111111',
  polkadot: '0x',
  bip122: '0x',
  cosmos: '0x',
} as const satisfies Record<ChainNamespace, string>

/**
 * The CAIP-10 id of a network's native coin.
 *
 * @example
 * nativeTokenCaipAddress('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') // 'solana:5eykt4…:So111…1111'
 */
export function nativeTokenCaipAddress(caipNetworkId: CaipNetworkId): CaipAddress {
  const namespace = caipNetworkId.split(':')[0] as ChainNamespace
  return `${caipNetworkId}:${NATIVE_TOKEN_ADDRESS[namespace]}`
}

/**
 * Whether a CAIP-10 token id names its network's native coin. EVM addresses compare in any
 * case; others exactly (base58 is case-sensitive).
 */
export function isNativeTokenCaipAddress(caipAddress: string): boolean {
  const [namespace, reference, address, ...rest] = caipAddress.split(':')
  if (!namespace || !reference || address === undefined || rest.length > 0 || !Object.hasOwn(NATIVE_TOKEN_ADDRESS, namespace)) return false
  const native: string = NATIVE_TOKEN_ADDRESS[namespace as ChainNamespace]
  return namespace === 'eip155' ? address.toLowerCase() === native : address === native
}
