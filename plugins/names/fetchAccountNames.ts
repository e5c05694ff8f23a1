import type { HttpClient } from '../../ui-shell/plugin.js'

/**
 * The names an address holds (SPEC §7 reverse lookup `GET /v1/profile/reverse/{address}`).
 *
 * @param client - the blockchain service
 * @param address - the account
 * @returns the names, oldest first as the service lists them
 * @throws when the answer is not a list: the caller cannot tell "no name" from a broken answer
 */
export async function fetchAccountNames(client: HttpClient, address: string, signal?: AbortSignal): Promise<string[]> {
  const body = await client.get<unknown>(`/v1/profile/reverse/${encodeURIComponent(address)}`, { query: { sender: address, apiVersion: '2' }, signal })
  if (!Array.isArray(body)) throw new TypeError('reverse lookup: expected a list')
  return body.map((entry) => (entry as { name?: unknown } | null)?.name).filter((name): name is string => typeof name === 'string' && name !== '')
}
