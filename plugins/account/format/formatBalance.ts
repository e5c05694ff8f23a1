import { floorDecimal, formatScaled, parseDecimal } from './decimal.js'
import { localizeDecimal } from './localizeDecimal.js'

/** SPEC §5: the account balance floors to 3 decimals. */
export const BALANCE_DECIMALS = 3

/**
 * The account balance as the Account view and AccountButton show it: floored to 3 decimals,
 * trailing zeros kept off ('1.5', '0.001', '0').
 *
 * @param balance - a decimal string as the adapter formats it ('9999.98734...')
 * @returns the floored string, or undefined when there is no (or no valid) balance
 * @example formatBalance('1.23456') // '1.234'
 */
export function formatBalance(balance: string | undefined): string | undefined {
  if (balance === undefined || balance === '') return undefined
  try {
    return localizeDecimal(trimZeros(formatScaled(floorDecimal(parseDecimal(balance), BALANCE_DECIMALS))))
  } catch {
    return undefined
  }
}

/** '1.500' → '1.5', '2.000' → '2'. */
export function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text
}
