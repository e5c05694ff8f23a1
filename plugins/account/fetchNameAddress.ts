import type { HttpClient } from '../../ui-shell/plugin.js'

/**
 * Resolves a name to an address (SPEC §7 `GET /v1/profile/account/{name}?apiVersion=2`): the
 * first address the profile lists.
 *
 * @param client - the blockchain service
 * @param name - a registered name ('alice.reown.id')
 * @returns the address, or undefined when the profile lists none
 */
export async function fetchNameAddress(client: HttpClient, name: string, signal?: AbortSignal): Promise<string | undefined> {
  const body = await client.get<{ addresses?: Record<string, { address?: unknown } | undefined> }>(`/v1/profile/account/${encodeURIComponent(name)}`, {
    query: { apiVersion: 2 },
    signal,
  })
  const addresses: Record<string, { address?: unknown } | undefined> = body?.addresses ?? {}
  for (const entry of Object.values(addresses)) if (typeof entry?.address === 'string') return entry.address
  return undefined
}
