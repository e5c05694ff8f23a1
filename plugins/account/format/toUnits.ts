import { parseDecimal } from './decimal.js'

/**
 * An amount the visitor typed, in the token's base units: '1.5' at 6 decimals → 1500000n.
 * Digits past the token's decimals are refused rather than rounded, so the visitor sends what
 * they read.
 *
 * @param amount - a positive decimal string
 * @param decimals - the token's decimals
 * @returns the base units, or undefined when the text is not a positive amount the token can hold
 * @example toUnits('1.5', 6) // 1500000n
 */
export function toUnits(amount: string, decimals: number): bigint | undefined {
  try {
    const { units, scale } = parseDecimal(amount)
    if (units <= 0n) return undefined
    if (scale > decimals) {
      const extra = 10n ** BigInt(scale - decimals)
      if (units % extra !== 0n) return undefined
      return units / extra
    }
    return units * 10n ** BigInt(decimals - scale)
  } catch {
    return undefined
  }
}
