import type { FeatureFlags } from '../../kernel/index.js'
import type { Alert } from './AlertStore.js'
import { Alerts } from './alerts.js'
import { HttpStatusError, RateLimitedError, ServerError } from '../errors/http.js'
import { parseRemoteConfig } from './parseRemoteConfig.js'
import type { HttpClient } from './createHttpClient.js'

/** How long start-up waits for remote configuration before going on with local flags. */
export const REMOTE_CONFIG_TIMEOUT_MS = 5_000

/**
 * Reads `GET /appkit/v1/config`. Any failure leaves the local flags in force and raises the
 * matching alert: unknown project, rate limited or server error.
 */
export async function loadRemoteFeatures(
  api: HttpClient,
  raiseAlert: (alert: Alert) => void,
): Promise<Partial<FeatureFlags> | undefined> {
  try {
    const body = await api.get<unknown>('/appkit/v1/config', { timeoutMs: REMOTE_CONFIG_TIMEOUT_MS })
    return parseRemoteConfig(body)
  } catch (error) {
    if (error instanceof RateLimitedError) raiseAlert(Alerts.RateLimited)
    else if (error instanceof ServerError) raiseAlert(Alerts.ServerError)
    else if (error instanceof HttpStatusError && [400, 401, 403, 404].includes(error.status))
      raiseAlert(Alerts.InvalidProjectId)
    return undefined
  }
}
