import * as v from 'valibot'
import type { TokenBalance } from '../../chains/connection/AccountState.js'

/** One balance as the Tokens tab reads it (SPEC §3), every field checked. */
const TokenBalanceSchema = v.object({
  name: v.string(),
  symbol: v.string(),
  chainId: v.string(),
  address: v.optional(v.string()),
  value: v.optional(v.number()),
  // A token the service has no price for still shows, at 0.
  price: v.fallback(v.number(), 0),
  iconUrl: v.optional(v.string()),
  quantity: v.object({ decimals: v.string(), numeric: v.string() }),
})

/**
 * The well-formed balances of a service answer or a cached copy of one: an entry with a field
 * of the wrong kind is dropped, so a bad answer or corrupt storage never reaches a view.
 *
 * @param list - the `balances` array (or anything read from the cache)
 * @returns the entries that are balances; [] for anything but an array
 * @example parseTokenBalances([{ name: {}, symbol: 'X', ... }]) // []
 */
export function parseTokenBalances(list: unknown): TokenBalance[] {
  if (!Array.isArray(list)) return []
  return list.flatMap((entry) => {
    const parsed = v.safeParse(TokenBalanceSchema, entry)
    return parsed.success ? [parsed.output] : []
  })
}
