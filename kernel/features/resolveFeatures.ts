import type { FeatureFlags } from './defaults.js'

/** Where feature flags come from, lowest first. */
export interface FeatureSources {
  defaults?: Readonly<Partial<FeatureFlags>>
  /** The host's `features` option. */
  local?: Readonly<Partial<FeatureFlags>>
  /** Remote configuration, or undefined when it did not answer. */
  remote?: Readonly<Partial<FeatureFlags>>
  /** The flags remote configuration manages. */
  remoteKeys?: readonly string[]
}

/** The outcome of merging defaults, the host's flags and remote configuration. */
export interface ResolvedFeatures {
  features: FeatureFlags
  /** Set when the host gave flags that remote configuration overrode (SPEC §1). */
  warning?: 'Local configuration ignored'
}

/** Merges feature flags: defaults, then the host's local flags, then remote ones, which win. */
export function resolveFeatures({ defaults, local, remote, remoteKeys = [] }: FeatureSources): ResolvedFeatures {
  const features: FeatureFlags = { ...defaults, ...local, ...remote }
  if (!remote || !local) return { features }
  const overridden = remoteKeys.some((key) => key in local && key in remote)
  return overridden ? { features, warning: 'Local configuration ignored' } : { features }
}
