import type { SocialProvider } from '../../chains/connectors/AuthConnector.js'

/** SPEC §1's social login providers, in the order the Connect view lists them. */
export const SOCIAL_PROVIDERS: readonly SocialProvider[] = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook']

/**
 * The providers a `socials` feature flag turns on: `true` (the default) is every provider, a list
 * keeps the known ones in SPEC order, `false` or `[]` none.
 */
export function socialProvidersOf(flag: boolean | readonly string[] | undefined): SocialProvider[] {
  if (flag === false) return []
  if (flag === undefined || flag === true) return [...SOCIAL_PROVIDERS]
  return SOCIAL_PROVIDERS.filter((provider) => flag.includes(provider))
}
