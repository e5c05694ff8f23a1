/**
 * Feature flags: each gates the plugins that name it. The kernel names none: the core entry
 * and plugins declare theirs by declaration merging. A flag that is `false` or an empty list
 * is off; a flag nobody set is on, so a third party's plugin loads unless the host turns it off.
 */
export interface FeatureFlags {
  [feature: string]: boolean | readonly string[] | undefined
}

/** Whether a flag turns its feature on: unknown flags are on, `false` and `[]` are off. */
export function isFeatureOn(features: Partial<FeatureFlags>, feature: string | undefined): boolean {
  if (feature === undefined) return true
  const value = features[feature]
  if (value === undefined) return true
  if (Array.isArray(value)) return value.length > 0
  return value !== false
}
