/**
 * A chain id as the kit may send it (`31337`, `'31337'`, `'0x7a69'`, `'eip155:31337'`, `'solana:<genesis>'`)
 * as CAIP-2, or undefined when it is none of these.
 *
 * @example
 * toCaipChainId(31337) // 'eip155:31337'
 */
export function toCaipChainId(chainId: unknown): string | undefined {
  if (typeof chainId === 'number') return Number.isSafeInteger(chainId) && chainId > 0 ? `eip155:${chainId}` : undefined
  if (typeof chainId !== 'string') return undefined
  if (/^[1-9][0-9]{0,11}$/.test(chainId)) return `eip155:${chainId}`
  if (/^0x[0-9a-fA-F]{1,10}$/.test(chainId) && Number(chainId) > 0) return `eip155:${Number(chainId)}`
  if (/^eip155:[1-9][0-9]{0,11}$/.test(chainId)) return chainId
  if (/^solana:[1-9A-HJ-NP-Za-km-z]{1,44}$/.test(chainId)) return chainId
  return undefined
}

/** How replies carry a chain id: a number for eip155 (as the kit's EVM side uses it), CAIP-2 for solana. */
export function toReplyChainId(caipChainId: string): string | number {
  return caipChainId.startsWith('eip155:') ? Number(caipChainId.slice('eip155:'.length)) : caipChainId
}
