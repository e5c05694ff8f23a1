import type { HttpClient } from '../../ui-shell/index.js'
import type { TokenBalance } from '../../chains/connection/AccountState.js'
import { TokenBalanceUnavailableError } from './errors/account.js'

/**
 * Reads an account's balances from the blockchain service (SPEC §7
 * `GET /v1/account/{address}/balance?currency=usd&chainId=…`). A malformed answer is an error,
 * never a silent empty list.
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
  return body.balances as TokenBalance[]
}
