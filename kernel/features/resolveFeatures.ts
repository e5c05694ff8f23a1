import { DEFAULT_FEATURES, REMOTE_FEATURES, type FeatureFlags } from './defaults.js'

/** The outcome of merging defaults, the host's flags and remote configuration. */
export interface ResolvedFeatures {
  features: FeatureFlags
  /** Set when the host gave flags that remote configuration overrode (SPEC §1). */
  warning?: 'Local configuration ignored'
}

/**
 * Merges feature flags: defaults, then the host's local flags, then remote ones, which win.
 *
 * @param local - the host's `features` option
 * @param remote - flags from `GET /appkit/v1/config`, or undefined when it did not answer
 */
export function resolveFeatures(
  local: Partial<FeatureFlags> | undefined,
  remote: Partial<FeatureFlags> | undefined,
): ResolvedFeatures {
  const features = { ...DEFAULT_FEATURES, ...local, ...remote } as FeatureFlags
  if (!remote || !local) return { features }
  const overridden = REMOTE_FEATURES.some((key) => key in local && key in remote)
  return overridden ? { features, warning: 'Local configuration ignored' } : { features }
}
