import type { HttpClient } from '../../../kernel/http/createHttpClient.js'
import type { TokenBalance } from '../../../chains/connection/AccountState.js'

/** The identity route's answer (SPEC §7). */
export interface Identity {
  name: string | undefined
  avatar: string | undefined
}

/**
 * Reads an account's balances from the blockchain service (SPEC §7
 * `GET /v1/account/{address}/balance?currency=usd&chainId=…`). A malformed answer is an error,
 * never a silent empty list.
 *
 * @param forceUpdate - bypass the service's own cache (after a send)
 */
export async function fetchBalances(
  client: HttpClient,
  { address, caipNetworkId, forceUpdate, signal }: { address: string; caipNetworkId: string; forceUpdate?: boolean; signal?: AbortSignal },
): Promise<TokenBalance[]> {
  const body = await client.get<{ balances?: unknown }>(`/v1/account/${encodeURIComponent(address)}/balance`, {
    query: { currency: 'usd', chainId: caipNetworkId, forceUpdate: forceUpdate ? 'true' : undefined },
    signal,
  })
  if (!body || !Array.isArray(body.balances)) throw new TypeError('balance answer without a balances list')
  return body.balances as TokenBalance[]
}

/**
 * Reads an account's name and avatar (SPEC §7 `GET /v1/identity/{address}`); only strings are kept.
 */
export async function fetchIdentity(client: HttpClient, address: string, signal?: AbortSignal): Promise<Identity> {
  const body = await client.get<{ name?: unknown; avatar?: unknown }>(`/v1/identity/${encodeURIComponent(address)}`, {
    query: { sender: address },
    signal,
  })
  return {
    name: typeof body?.name === 'string' && body.name !== '' ? body.name : undefined,
    avatar: typeof body?.avatar === 'string' && body.avatar !== '' ? body.avatar : undefined,
  }
}

/**
 * Resolves a name to an address (SPEC §7 `GET /v1/profile/account/{name}?apiVersion=2`): the
 * first address the profile lists.
 */
export async function fetchNameAddress(client: HttpClient, name: string, signal?: AbortSignal): Promise<string | undefined> {
  const body = await client.get<{ addresses?: Record<string, { address?: unknown }> }>(`/v1/profile/account/${encodeURIComponent(name)}`, {
    query: { apiVersion: 2 },
    signal,
  })
  for (const entry of Object.values(body?.addresses ?? {})) if (typeof entry?.address === 'string') return entry.address
  return undefined
}
