import type { HttpClient } from '../../ui-shell/plugin.js'

/** The identity route's answer (SPEC §7). */
export interface Identity {
  name: string | undefined
  avatar: string | undefined
}

/**
 * Reads an account's name and avatar (SPEC §7 `GET /v1/identity/{address}`); only non-empty
 * strings are kept.
 *
 * @param client - the blockchain service
 * @param address - the account's address
 * @returns the name and avatar, each undefined when the service has none
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
