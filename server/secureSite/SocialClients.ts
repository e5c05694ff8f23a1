import * as oidc from 'openid-client'
import { SocialProviderNotConfiguredError } from './errors.js'

/** The social providers of SPEC §1 that log in over OAuth / OpenID Connect (Farcaster does not). */
export const OAUTH_SOCIAL_PROVIDERS = ['google', 'x', 'discord', 'github', 'apple', 'facebook'] as const
export type OAuthSocialProvider = (typeof OAUTH_SOCIAL_PROVIDERS)[number]

/** An OpenID Connect provider (`--social google=issuer,id`): everything else comes from its discovery document. */
export interface OpenIdProviderConfig {
  /** The OpenID issuer; its discovery document is read from `<issuer>/.well-known/openid-configuration`. */
  issuer: string
  clientId: string
  clientSecret: string
  /** `form_post`: the provider POSTs the code to the callback (Apple requires it when asking for name or email). */
  responseMode?: 'form_post'
}

/**
 * A plain OAuth 2.0 provider with no discovery (GitHub, X, Discord, Facebook): its endpoints are
 * configured, the user is read from the userinfo endpoint with the access token.
 */
export interface OAuth2ProviderConfig {
  authorizationEndpoint: string
  tokenEndpoint: string
  /** Answers the user as JSON: `id` (or `sub`), a name (`login`, `username` or `name`), maybe `email`; X wraps it in `data`. */
  userinfoEndpoint: string
  /** GitHub's `/user/emails`: read when the user has no public email; the primary verified one is taken. */
  emailsEndpoint?: string
  /** Space-separated scopes ('read:user user:email'). */
  scope: string
  clientId: string
  clientSecret: string
  /** Names the accounts' issuer (one subject space per provider): the authorization endpoint's origin by default. */
  issuer?: string
}

/** One provider as the secure site's operator configures it. */
export type SocialProviderConfig = OpenIdProviderConfig | OAuth2ProviderConfig

export const isOAuth2Config = (config: SocialProviderConfig): config is OAuth2ProviderConfig => 'authorizationEndpoint' in config

/** The issuer a provider's accounts are recorded under. */
export const issuerOf = (config: SocialProviderConfig): string => (isOAuth2Config(config) ? (config.issuer ?? new URL(config.authorizationEndpoint).origin) : config.issuer)

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

  /** The provider's configuration as given (endpoints, scope, response mode). */
  configOf(provider: OAuthSocialProvider): SocialProviderConfig {
    const config = this.#configs()[provider]
    if (!config) throw new SocialProviderNotConfiguredError({ provider })
    return config
  }

  /** The provider's client configuration; a failed discovery is retried on the next call. */
  configuration(provider: OAuthSocialProvider): Promise<oidc.Configuration> {
    const known = this.#discovered.get(provider)
    if (known) return known
    const config = this.#configs()[provider]
    if (!config) return Promise.reject(new SocialProviderNotConfiguredError({ provider }))
    if (isOAuth2Config(config)) {
      const known = oauth2Configuration(config)
      this.#discovered.set(provider, known)
      return known
    }
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

/**
 * A client of a provider without discovery: its metadata is the configured endpoints, the client
 * authenticates in the token request's body (`client_secret_post`, as GitHub documents it).
 */
async function oauth2Configuration(config: OAuth2ProviderConfig): Promise<oidc.Configuration> {
  const configuration = new oidc.Configuration(
    { issuer: issuerOf(config), authorization_endpoint: config.authorizationEndpoint, token_endpoint: config.tokenEndpoint, userinfo_endpoint: config.userinfoEndpoint },
    config.clientId,
    { client_secret: config.clientSecret },
    oidc.ClientSecretPost(config.clientSecret),
  )
  configuration.timeout = 10
  // Plain http only for endpoints on loopback (a local stand-in).
  const endpoints = [config.authorizationEndpoint, config.tokenEndpoint, config.userinfoEndpoint, ...(config.emailsEndpoint ? [config.emailsEndpoint] : [])].map((url) => new URL(url))
  if (endpoints.every(isLoopback)) oidc.allowInsecureRequests(configuration)
  return configuration
}
