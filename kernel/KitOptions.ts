import type { FeatureFlags } from './features/defaults.js'
import type { StorageBackend } from './storage/createStorage.js'

/**
 * What a host passes to `createKit`. The kernel reads these fields; the shell and plugins
 * declare their own by declaration merging, and read them from `ctx.options`.
 */
export interface KitOptions {
  /** Local feature flags; remote configuration overrides the ones it manages. */
  features?: Partial<FeatureFlags>
  /** Show developer alerts (SPEC §4: alerts appear in debug mode only). */
  debug?: boolean
  /** Deadline for each plugin's setup; a plugin that misses it is skipped. Default 10 s. */
  pluginSetupTimeoutMs?: number
  /** Where the kit keeps plugins' stored keys; defaults to `localStorage`. */
  storage?: StorageBackend
  storagePrefix?: string
  [option: string]: unknown
}
