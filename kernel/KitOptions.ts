import type { FeatureFlags } from './features/defaults.js'
import type { StorageBackend } from './storage/createStorage.js'

/** Dapp metadata shown to wallets (SPEC §3). */
export interface KitMetadata {
  name: string
  description?: string
  url?: string
  icons?: string[]
}

/**
 * What a host passes to `createKit`. Plugins and the shell read their own fields;
 * an index signature lets third-party plugins add options without a kernel change.
 */
export interface KitOptions {
  /** The project id sent as `projectId` to the services; without one, the kit works for injected wallets only. */
  projectId?: string
  /** Base URL of the catalogue service (SPEC §7). No default: the kit calls no host the page did not name. */
  apiUrl?: string
  /** Base URL of the blockchain service; defaults to `apiUrl`. */
  blockchainApiUrl?: string
  /** Local feature flags; remote configuration overrides the ones it manages. */
  features?: Partial<FeatureFlags>
  /** Read `GET /appkit/v1/config` at start (default true when `apiUrl` and `projectId` are set). */
  remoteConfig?: boolean
  metadata?: KitMetadata
  themeMode?: 'dark' | 'light'
  themeVariables?: Record<string, string | number>
  /** Show developer alerts in the modal (SPEC §4: alerts appear in debug mode only). */
  debug?: boolean
  /** Deadline for each plugin's setup; a plugin that misses it is skipped. Default 10 s. */
  pluginSetupTimeoutMs?: number
  /** Where the kit keeps SPEC §3's stored keys; defaults to `localStorage`. */
  storage?: StorageBackend
  storagePrefix?: string
  /** Deprecated sign-in option kept for migration; cannot be combined with `siwx`. */
  siweConfig?: unknown
  siwx?: unknown
  fetch?: typeof fetch
  [option: string]: unknown
}
