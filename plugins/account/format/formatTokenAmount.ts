import { floorDecimal, formatScaled, parseDecimal } from './decimal.js'
import { localizeDecimal } from './localizeDecimal.js'

/** SPEC §5: token balances show 2 decimals. */
export const TOKEN_DECIMALS = 2

/**
 * A token quantity as the Tokens tab shows it: 2 decimals, floored, in the visitor's locale
 * ('1234.5' → '1,234.50' in en-US).
 *
 * @param numeric - the token's `quantity.numeric` decimal string
 * @returns the formatted amount, or '0.00' for a value that is not a decimal
 * @example formatTokenAmount('1.239') // '1.23'
 */
export function formatTokenAmount(numeric: string): string {
  try {
    return localizeDecimal(formatScaled(floorDecimal(parseDecimal(numeric), TOKEN_DECIMALS)))
  } catch {
    return '0.00'
  }
}
