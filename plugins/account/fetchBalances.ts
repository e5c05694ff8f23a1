import type { HttpClient } from '../../ui-shell/plugin.js'
import type { TokenBalance } from '../../chains/connection/AccountState.js'
import { TokenBalanceUnavailableError } from './errors/account.js'
import { parseTokenBalances } from './parseTokenBalances.js'

/**
 * Reads an account's balances from the blockchain service (SPEC §7
 * `GET /v1/account/{address}/balance?currency=usd&chainId=…`). An answer without a list is an
 * error, never a silent empty list; malformed entries are dropped.
 *
 * @param client - the blockchain service
 * @param params.forceUpdate - bypass the service's own cache (after a send)
 * @returns the balances as the service lists them
 * @throws TokenBalanceUnavailableError when the answer has no balances list
 */
export async function fetchBalances(
  client: HttpClient,
  { address, caipNetworkId, forceUpdate, signal }: { address: string; caipNetworkId: string; forceUpdate?: boolean; signal?: AbortSignal },
): Promise<TokenBalance[]> {
  const body = await client.get<{ balances?: unknown }>(`/v1/account/${encodeURIComponent(address)}/balance`, {
    query: { currency: 'usd', chainId: caipNetworkId, forceUpdate: forceUpdate ? 'true' : undefined },
    signal,
  })
  if (!body || !Array.isArray(body.balances)) throw new TokenBalanceUnavailableError({ details: 'balance answer without a balances list' })
  return parseTokenBalances(body.balances)
}
