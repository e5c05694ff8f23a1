import * as oidc from 'openid-client'
import { SocialProviderNotConfiguredError } from './errors.js'

/** The social providers of SPEC §1 that log in over OAuth / OpenID Connect (Farcaster does not). */
export const OAUTH_SOCIAL_PROVIDERS = ['google', 'x', 'discord', 'github', 'apple', 'facebook'] as const
export type OAuthSocialProvider = (typeof OAUTH_SOCIAL_PROVIDERS)[number]

/** One provider as the secure site's operator configures it (`--social google=issuer,id,secret`). */
export interface SocialProviderConfig {
  /** The OpenID issuer; its discovery document is read from `<issuer>/.well-known/openid-configuration`. */
  issuer: string
  clientId: string
  clientSecret: string
}

export type SocialProviderConfigs = Partial<Record<OAuthSocialProvider, SocialProviderConfig>>

export const isOAuthSocialProvider = (name: string): name is OAuthSocialProvider => (OAUTH_SOCIAL_PROVIDERS as readonly string[]).includes(name)

const isLoopback = (url: URL) => url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]'

/**
 * The secure site as a standard OpenID Connect client of each social provider (openid-client):
 * discovery once per provider, cached; plain http only for an issuer on loopback (the local
 * provider). The configs are read lazily: the local provider's issuer is known only once it runs.
 */
export class SocialClients {
  readonly #configs: () => SocialProviderConfigs
  readonly #discovered = new Map<OAuthSocialProvider, Promise<oidc.Configuration>>()

  constructor(configs: () => SocialProviderConfigs) {
    this.#configs = configs
  }

  /** Whether a provider has an issuer, client id and secret. */
  has(provider: OAuthSocialProvider): boolean {
    return this.#configs()[provider] !== undefined
  }

  /** The provider's client configuration; a failed discovery is retried on the next call. */
  configuration(provider: OAuthSocialProvider): Promise<oidc.Configuration> {
    const known = this.#discovered.get(provider)
    if (known) return known
    const config = this.#configs()[provider]
    if (!config) return Promise.reject(new SocialProviderNotConfiguredError({ provider }))
    const issuer = new URL(config.issuer)
    const found = oidc.discovery(
      issuer,
      config.clientId,
      { client_secret: config.clientSecret },
      oidc.ClientSecretBasic(config.clientSecret),
      isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
    )
    this.#discovered.set(provider, found)
    found.catch(() => this.#discovered.delete(provider))
    return found
  }
}
