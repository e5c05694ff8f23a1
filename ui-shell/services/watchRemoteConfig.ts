import type { FeatureFlags } from '../../kernel/index.js'
import type { HttpClient } from './createHttpClient.js'
import { parseRemoteConfig } from './parseRemoteConfig.js'

/** Reconnect waits: 1 s, doubling to at most 30 s; reset by the next configuration received. */
export const LIVE_CONFIG_RETRY_MS = { first: 1_000, max: 30_000 }

export interface WatchRemoteConfigOptions {
  api: HttpClient
  /** Called with each configuration the service pushes, parsed as `GET /appkit/v1/config` is. */
  onConfig(features: Partial<FeatureFlags>): void
}

/**
 * Listens to the project's configuration as the service pushes it (server-sent events,
 * `GET /appkit/v1/config/stream`, event `config`), reconnecting with a growing wait when the
 * stream drops. Returns the stop. Without `EventSource` (server rendering) it does nothing.
 */
export function watchRemoteConfig({ api, onConfig }: WatchRemoteConfigOptions): () => void {
  if (typeof EventSource === 'undefined') return () => {}
  let source: EventSource | undefined
  let retryMs = LIVE_CONFIG_RETRY_MS.first
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false

  const open = () => {
    source = new EventSource(api.url('/appkit/v1/config/stream'))
    source.addEventListener('config', (event) => {
      retryMs = LIVE_CONFIG_RETRY_MS.first
      let body: unknown
      try {
        body = JSON.parse((event as MessageEvent<string>).data)
      } catch {
        return // A malformed push changes nothing; the next good one will.
      }
      const features = parseRemoteConfig(body)
      if (features) onConfig(features)
    })
    // EventSource retries on its own at a fixed pace; we close it and back off instead.
    source.onerror = () => {
      source?.close()
      if (stopped) return
      timer = setTimeout(open, retryMs)
      retryMs = Math.min(retryMs * 2, LIVE_CONFIG_RETRY_MS.max)
    }
  }
  open()
  return () => {
    stopped = true
    clearTimeout(timer)
    source?.close()
  }
}
