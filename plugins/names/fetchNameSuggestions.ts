import type { HttpClient } from '../../ui-shell/plugin.js'
import { NAME_ZONE } from './validateAccountName.js'

/** A name the service proposes, and whether someone holds it already. */
export interface NameSuggestion {
  name: string
  registered: boolean
}

/**
 * Names like the one typed, under our zone (SPEC §7 `GET /v1/profile/suggestions/{name}?zone`).
 * Entries that are not a name string with a boolean are dropped: a bad answer shows no suggestion.
 *
 * @param client - the blockchain service
 * @param label - what the visitor typed
 * @returns at most 10 suggestions
 */
export async function fetchNameSuggestions(client: HttpClient, label: string, signal?: AbortSignal): Promise<NameSuggestion[]> {
  const body = await client.get<{ suggestions?: unknown }>(`/v1/profile/suggestions/${encodeURIComponent(label)}`, { query: { zone: NAME_ZONE }, signal })
  const list = Array.isArray(body?.suggestions) ? (body.suggestions as unknown[]) : []
  return list
    .filter((entry): entry is NameSuggestion => {
      const { name, registered } = (entry ?? {}) as Partial<NameSuggestion>
      return typeof name === 'string' && name.length > 0 && name.length <= 128 && typeof registered === 'boolean'
    })
    .slice(0, 10)
    .map(({ name, registered }) => ({ name, registered }))
}
