import type { TokenBalance } from '../../../chains/connection/AccountState.js'
import { parseDecimal } from './decimal.js'

/**
 * The balances the Tokens tab lists: tokens with 0 decimals hidden (SPEC §5), malformed
 * entries dropped, highest USD value first (ties keep the service's order).
 *
 * @param balances - what the balance service returned
 * @example visibleTokens([{ symbol: 'DUST', quantity: { decimals: '0', numeric: '5' }, ... }]) // []
 */
export function visibleTokens(balances: readonly TokenBalance[]): TokenBalance[] {
  return balances
    .filter((token) => {
      if (!token || typeof token.symbol !== 'string' || !token.quantity) return false
      const decimals = Number(token.quantity.decimals)
      if (!Number.isInteger(decimals) || decimals <= 0) return false
      try {
        parseDecimal(token.quantity.numeric)
        return true
      } catch {
        return false
      }
    })
    .map((token, index) => ({ token, index }))
    .sort((a, b) => (b.token.value ?? 0) - (a.token.value ?? 0) || a.index - b.index)
    .map(({ token }) => token)
}
