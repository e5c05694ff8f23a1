import type { FeatureFlags, Kit } from '../../kernel/index.js'
import type { Alert } from './AlertStore.js'
import type { HttpClient } from './createHttpClient.js'
import { loadRemoteFeatures } from './loadRemoteFeatures.js'
import { watchRemoteConfig } from './watchRemoteConfig.js'

export interface RemoteFeatures {
  /** The kernel's `loadRemoteFeatures` hook: the configuration the service last pushed, else a read. */
  load(): Promise<Partial<FeatureFlags> | undefined>
  /**
   * Applies the configuration the service pushes while the page is open, as `kit.refreshConfig()`
   * does (plugins load or unload, views and connect methods come and go). Returns the stop.
   */
  watch(kit: Kit): () => void
}

/**
 * The project's remote configuration: read at start (`GET /appkit/v1/config`) and, with live
 * updates on, pushed by the service whenever an operator changes the project.
 */
export function createRemoteFeatures(api: HttpClient, raiseAlert: (alert: Alert) => void): RemoteFeatures {
  let pushed: Partial<FeatureFlags> | undefined
  let applied: string | undefined
  return {
    async load() {
      const features = pushed ?? (await loadRemoteFeatures(api, raiseAlert))
      pushed = undefined
      if (features) applied = JSON.stringify(features)
      return features
    },
    watch(kit) {
      return watchRemoteConfig({
        api,
        onConfig(features) {
          // The stream opens with the configuration start-up already applied: nothing to do then.
          if (JSON.stringify(features) === applied) return
          pushed = features
          void kit.refreshConfig()
        },
      })
    },
  }
}
