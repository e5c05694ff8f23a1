import { t } from './adminText.js'

/**
 * The feature flags of SPEC §1, in its order, with the labels the page shows (from its catalogue, in its locale). A project may hold
 * others too (a third-party plugin's, such as the faucet example's `faucet`): the page lists
 * those after these, by their names. `analytics` is not here: it has a switch of its own.
 */
export const KNOWN_FEATURES: readonly { flag: string; label: () => string }[] = [
  { flag: 'email', label: () => t('feature.email') },
  { flag: 'socials', label: () => t('feature.socials') },
  { flag: 'swaps', label: () => t('feature.swaps') },
  { flag: 'onramp', label: () => t('feature.onramp') },
  { flag: 'activity', label: () => t('feature.activity') },
  { flag: 'branding', label: () => t('feature.branding') },
]

/** The flag that is the analytics switch: `false` turns analytics off, absent leaves it on (SPEC §1). */
export const ANALYTICS_FLAG = 'analytics'
