import type { RequestRow } from './describeRequest.js'
import { t } from './frameText.js'

/**
 * From here an ERC-20 amount is 'unlimited' by convention: apps approve 2^256 - 1, and many
 * tokens never decrease an allowance that high, so the spender can take every token, now and later.
 */
export const UNLIMITED_UINT256 = 2n ** 255n

/** Permit2 keeps allowances in a uint160: its maximum is Permit2's 'unlimited'. */
export const MAX_UINT160 = 2n ** 160n - 1n

/**
 * The warning row for an approval the spender can draw on without limit, or none.
 *
 * @param amount - the approved amount, in the token's smallest unit
 * @param limit - where 'unlimited' starts: `UNLIMITED_UINT256`, or `MAX_UINT160` for Permit2
 * @param prefix - names the call the warning is about in a batch ('Call 2: ')
 * @returns `[{ label: 'Warning', value: 'Unlimited amount: …' }]`, or `[]`
 *
 * @example
 * unlimitedAmountWarning(2n ** 256n - 1n, UNLIMITED_UINT256) // [{ label: 'Warning', value: 'Unlimited amount: …' }]
 */
export function unlimitedAmountWarning(amount: bigint, limit: bigint, prefix = ''): RequestRow[] {
  if (amount < limit) return []
  return [{ label: t('row.warning'), value: `${prefix}${t('value.unlimitedAmount')}` }]
}
