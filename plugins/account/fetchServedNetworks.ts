import type { HttpClient } from '../../ui-shell/plugin.js'

/**
 * The CAIP-2 ids the blockchain service serves over HTTP (SPEC §7 `GET /v1/supported-chains`):
 * its RPC, balances and activity answer only for these. Only strings are kept.
 *
 * @param client - the blockchain service
 * @returns the served ids
 */
export async function fetchServedNetworks(client: HttpClient, signal?: AbortSignal): Promise<Set<string>> {
  const body = await client.get<{ http?: unknown }>('/v1/supported-chains', { signal })
  const ids = Array.isArray(body?.http) ? body.http : []
  return new Set(ids.filter((id): id is string => typeof id === 'string' && id.length <= 128))
}
