import type { FeatureFlags } from '../../kernel/index.js'

/**
 * SPEC §1's feature defaults, under the host's own flags. Flags not listed here are on; a list
 * flag (socials) that is `true` means every option its plugin offers.
 */
export const DEFAULT_FEATURES: Readonly<FeatureFlags> = Object.freeze({
  email: true,
  socials: true,
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

/** The flags remote configuration manages; local values for them are ignored when it answers (SPEC §1). */
export const REMOTE_FEATURES = ['email', 'socials', 'swaps', 'onramp', 'activity', 'branding'] as const
