import { HttpStatusError } from '../errors/http.js'
import type { HttpClient } from './createHttpClient.js'

/**
 * Reads `GET /getAnalyticsConfig` (SPEC §7): whether the project collects analytics. Any
 * failure counts as no, as AppKit does; a 403 (this origin is off the project's allow-list)
 * is also told to `onForbidden`, which raises SPEC §8's 'Invalid App Configuration'.
 *
 * @param api - the catalogue service
 * @param onForbidden - told of a 403
 * @returns true only when the service answers `isAnalyticsEnabled: true`
 * @example
 * const enabled = await loadAnalyticsConfig(api, () => alerts.raise(Alerts.InvalidAppConfiguration))
 */
export async function loadAnalyticsConfig(api: HttpClient, onForbidden: () => void): Promise<boolean> {
  try {
    const answer = await api.get<{ isAnalyticsEnabled?: unknown }>('/getAnalyticsConfig')
    return answer?.isAnalyticsEnabled === true
  } catch (error) {
    if (isForbidden(error)) onForbidden()
    return false
  }
}

/** A 403 from the catalogue service: the page's origin is not on the project's allow-list. */
export const isForbidden = (error: unknown): boolean => error instanceof HttpStatusError && error.status === 403
