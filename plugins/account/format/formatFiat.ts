import { floorDecimal, formatScaled, multiplyDecimals, parseDecimal } from './decimal.js'
import { localizeDecimal } from './localizeDecimal.js'

/** SPEC §5/§9: fiat values show 2 decimals. */
export const FIAT_DECIMALS = 2

/**
 * A token's value in US dollars: quantity × price, exact (no float product), floored to 2
 * decimals and written in the visitor's locale ('$1,234.56' in en-US).
 *
 * @param numeric - the token's `quantity.numeric`
 * @param price - the price per token in USD, as the balance service returns it
 * @returns '$12.34', or undefined when either value is missing or not a number
 * @example formatFiat('1.5', 2000) // '$3,000.00' in en-US
 */
export function formatFiat(numeric: string, price: number | string | undefined): string | undefined {
  if (price === undefined) return undefined
  try {
    const value = multiplyDecimals(parseDecimal(numeric), parseDecimal(price))
    return localizeDecimal(formatScaled(floorDecimal(value, FIAT_DECIMALS)), 'USD')
  } catch {
    return undefined
  }
}
