import type { ChainConnector } from './ChainConnector.js'

/** Social login providers of SPEC §1. */
export type SocialProvider = 'google' | 'x' | 'discord' | 'farcaster' | 'github' | 'apple' | 'facebook'

/** The AUTH connector's id (AppKit's), known to the connection store: a plugin registers it late. */
export const AUTH_CONNECTOR_ID = 'ID_AUTH'

/** The provider an embedded-auth wallet exposes (SPEC §7 'Auth provider operations'). */
export interface AuthProvider {
  connectSocial(params: { uri: string; preferredAccountType?: string; chainId?: string | number }): Promise<unknown>
  getSocialRedirectUri(params: { provider: SocialProvider }): Promise<{ uri: string }>
  getFarcasterUri(): Promise<{ url: string }>
  getEmail(): string | undefined
  request(args: { method: 'eth_accounts' | 'eth_chainId' | string; params?: unknown }): Promise<unknown>
}

/**
 * The AUTH connector type (email and social login through the embedded wallet frame).
 * The embedded wallet plugin implements it over the secure site's frame (chains/auth).
 */
export interface AuthConnector extends ChainConnector {
  type: 'AUTH'
  provider: AuthProvider
}
