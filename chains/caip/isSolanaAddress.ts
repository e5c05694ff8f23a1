const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/**
 * Whether a string is a Solana address: base58, 32 to 44 characters (SPEC §5).
 *
 * @param value - anything
 * @returns true for a well-formed address
 *
 * @example
 * isSolanaAddress('11111111111111111111111111111111') // true
 */
export function isSolanaAddress(value: unknown): value is string {
  return typeof value === 'string' && BASE58.test(value)
}
