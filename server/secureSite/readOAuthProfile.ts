import * as oidc from 'openid-client'
import type { OAuth2ProviderConfig } from './SocialClients.js'

/** Who signed in at a plain OAuth 2.0 provider: its stable id for them, a display name, an email. */
export interface OAuthProfile {
  subject: string
  username: string | null
  email: string | null
}

const text = (value: unknown, max: number) => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null)

/**
 * Reads the user from the provider's userinfo endpoint with the access token: `id` (GitHub,
 * Discord, Facebook) or `sub`, inside `data` for X. GitHub gives no email when the user keeps it
 * private: then `/user/emails` is read and only the primary, verified address is taken.
 *
 * @throws when the answer names no id: the login fails rather than inventing an account
 */
export async function readOAuthProfile(configuration: oidc.Configuration, config: OAuth2ProviderConfig, accessToken: string): Promise<OAuthProfile> {
  const headers = new Headers({ accept: 'application/json' })
  const answer = await oidc.fetchProtectedResource(configuration, accessToken, new URL(config.userinfoEndpoint), 'GET', undefined, headers)
  if (!answer.ok) throw new Error(`userinfo answered ${answer.status}`)
  const body = (await answer.json()) as Record<string, unknown>
  const user = (typeof body.data === 'object' && body.data !== null ? body.data : body) as Record<string, unknown>
  const id = user.id ?? user.sub
  const subject = typeof id === 'number' || typeof id === 'string' ? String(id) : ''
  if (!/^[\w.@:-]{1,128}$/.test(subject)) throw new Error('userinfo names no user id')
  let email = text(user.email, 254)
  if (!email && config.emailsEndpoint) {
    const emails = await oidc.fetchProtectedResource(configuration, accessToken, new URL(config.emailsEndpoint), 'GET', undefined, headers)
    const list = emails.ok ? ((await emails.json()) as unknown) : []
    const primary = Array.isArray(list) ? list.find((entry) => entry?.primary === true && entry?.verified === true) : undefined
    email = text(primary?.email, 254)
  }
  return { subject, username: text(user.login, 100) ?? text(user.username, 100) ?? text(user.name, 100), email }
}
