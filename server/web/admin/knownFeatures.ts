/**
 * The feature flags of SPEC §1, in its order, with the labels the page shows. A project may hold
 * others too (a third-party plugin's, such as the faucet example's `faucet`): the page lists
 * those after these, by their names. `analytics` is not here: it has a switch of its own.
 */
export const KNOWN_FEATURES: readonly { flag: string; label: string }[] = [
  { flag: 'email', label: 'Email' },
  { flag: 'socials', label: 'Socials' },
  { flag: 'swaps', label: 'Swaps' },
  { flag: 'onramp', label: 'On-ramp' },
  { flag: 'activity', label: 'Activity' },
  { flag: 'branding', label: 'Branding' },
]

/** The flag that is the analytics switch: `false` turns analytics off, absent leaves it on (SPEC §1). */
export const ANALYTICS_FLAG = 'analytics'
