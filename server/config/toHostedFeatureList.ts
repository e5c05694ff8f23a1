import type { Project } from '../plugins/projects/projects.js'

/** One entry of the hosted service's `GET /appkit/v1/config` answer, as AppKit 1.7.10 reads it. */
export interface HostedFeature {
  id: 'social_login' | 'swap' | 'onramp' | 'activity' | 'reown_branding'
  isEnabled: boolean
  /** AppKit takes a flag only with a list here; `null` would make it fall back to its local options. */
  config: string[]
}

/** AppKit's own default social list, for a project that turns socials on without naming them. */
const DEFAULT_SOCIALS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook']

const listOf = (value: boolean | string[] | undefined, whenOn: string[]): string[] =>
  Array.isArray(value) ? value : value === true ? whenOn : []

/** The social providers a project turns on, as its `social_login` list names them (without `email`). */
export const enabledSocials = (features: Project['features']): string[] => listOf(features.socials, DEFAULT_SOCIALS)

/**
 * A project's feature flags in the hosted service's shape, `[{ id, isEnabled, config }]`, the
 * only one AppKit 1.7.10 reads (its `ConfigUtil.fetchRemoteFeatures`): email and socials share
 * `social_login` (`email` is an item of its list), swaps and on-ramp name their providers, and
 * `activity` and `reown_branding` are switches. Flags AppKit does not know are left out.
 *
 * @param features - the project's flags, e.g. `{ email: true, socials: ['google'], swaps: true }`
 * @returns the list AppKit reads
 * @example
 * toHostedFeatureList({ email: true, socials: ['google'] })[0]
 * // { id: 'social_login', isEnabled: true, config: ['email', 'google'] }
 */
export function toHostedFeatureList(features: Project['features']): HostedFeature[] {
  const socialLogin = [...(features.email === true ? ['email'] : []), ...enabledSocials(features)]
  // '1inch' is the only swap provider AppKit 1.7.10 knows; our /v1/convert routes answer it.
  // Our on-ramp (/v1/generators/onrampurl and its checkout) is the Coinbase-shaped one.
  const swap = listOf(features.swaps, ['1inch'])
  const onramp = listOf(features.onramp, ['coinbase'])
  const switchOf = (id: 'activity' | 'reown_branding', value: boolean | string[] | undefined): HostedFeature => ({
    id,
    isEnabled: value === true,
    config: [],
  })
  return [
    { id: 'social_login', isEnabled: socialLogin.length > 0, config: socialLogin },
    { id: 'swap', isEnabled: swap.length > 0, config: swap },
    { id: 'onramp', isEnabled: onramp.length > 0, config: onramp },
    switchOf('activity', features.activity),
    switchOf('reown_branding', features.branding),
  ]
}
