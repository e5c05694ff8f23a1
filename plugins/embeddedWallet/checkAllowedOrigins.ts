import { Alerts, RateLimitedError, ServerError, type Alert, type HttpClient } from '../../ui-shell/plugin.js'
import { matchesOriginPattern } from '../../chains/auth/matchesOriginPattern.js'

/**
 * Reads the project's allowed origins (`GET /projects/v1/origins`, SPEC §7). SPEC §8: a 429 and a
 * 5xx are errors; any other failure reads as an empty list.
 *
 * @throws RateLimitedError or ServerError, as the client raised them
 */
export async function fetchAllowedOrigins(api: HttpClient, signal?: AbortSignal): Promise<readonly string[]> {
  try {
    const answer = await api.get<{ allowedOrigins?: unknown }>('/projects/v1/origins', { signal })
    const origins = answer?.allowedOrigins
    return Array.isArray(origins) ? origins.filter((origin): origin is string => typeof origin === 'string') : []
  } catch (error) {
    if (error instanceof RateLimitedError || error instanceof ServerError) throw error
    return []
  }
}

/**
 * SPEC §6/§8 for email and social login: the embedded wallet's secure site serves only the
 * project's allowed origins, so a page off the list is told at once with 'Invalid App
 * Configuration' (shown in debug mode) rather than through a frame that never loads. A 429 or
 * 5xx raises 'Rate Limited' or 'Server Error'; an empty or unreadable list raises nothing.
 */
export async function checkAllowedOrigins(api: HttpClient, origin: string, raise: (alert: Alert) => void, signal?: AbortSignal): Promise<OriginsChecked> {
  let allowedOrigins: readonly string[]
  try {
    allowedOrigins = await fetchAllowedOrigins(api, signal)
  } catch (error) {
    raise(error instanceof RateLimitedError ? Alerts.RateLimited : Alerts.ServerError)
    return { listed: undefined }
  }
  if (signal?.aborted || allowedOrigins.length === 0) return { listed: undefined }
  // The reference backend's secure site reads the list by the same rule.
  const listed = allowedOrigins.some((entry) => matchesOriginPattern(origin, entry))
  if (!listed) raise(Alerts.InvalidAppConfiguration)
  return { listed }
}

/** The check's outcome: whether the page's origin is on the list; undefined when the list could not be read. */
export interface OriginsChecked {
  listed: boolean | undefined
}

// A fact on the kit's bus once the check is done (hosts and tests can follow it).
declare module '../../kernel/events.js' {
  interface KitEventMap {
    'embeddedWallet:originsChecked': OriginsChecked
  }
}
