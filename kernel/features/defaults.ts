/** Social login providers the kit knows (SPEC §1). */
export type SocialProvider = 'google' | 'x' | 'discord' | 'farcaster' | 'github' | 'apple' | 'facebook'

/**
 * Feature flags: each gates the plugins that name it. A flag that is `false` or an empty
 * list is off. A flag the host never mentions is on, so a third party's plugin loads
 * unless the host turns its feature off.
 */
export interface FeatureFlags {
  email: boolean
  socials: readonly SocialProvider[] | false
  swaps: boolean
  onramp: boolean
  activity: boolean
  branding: boolean
  receive: boolean
  send: boolean
  analytics: boolean
  allWallets: boolean
  legalCheckbox: boolean
  smartSessions: boolean
  pay: boolean
  [feature: string]: boolean | readonly string[] | undefined
}

/** The feature defaults of SPEC §1. */
export const DEFAULT_FEATURES: Readonly<FeatureFlags> = Object.freeze({
  email: true,
  socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const,
  swaps: true,
  onramp: true,
  activity: true,
  branding: true,
  receive: true,
  send: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  pay: false,
})

/** The flags remote configuration manages; local values for them are ignored when it answers. */
export const REMOTE_FEATURES = ['email', 'socials', 'swaps', 'onramp', 'activity', 'branding'] as const

/** Whether a flag turns its feature on: unknown flags are on, `false` and `[]` are off. */
export function isFeatureOn(features: Partial<FeatureFlags>, feature: string | undefined): boolean {
  if (feature === undefined) return true
  const value = features[feature]
  if (value === undefined) return true
  if (Array.isArray(value)) return value.length > 0
  return value !== false
}
