import type { SecureSiteUser } from './EmailLogin.js'
import type { SocialProfile } from './SocialLogin.js'

/** What the page may know of a user: the email or social name, and public addresses. */
export interface PublicUser {
  email?: string
  userName?: string
  socialProvider?: string
  evmAddress: string
  solanaAddress: string
}

/**
 * A user as the API answers with them: never a key, never an internal id.
 *
 * @param profile - a social user's provider, name and email (SocialLogin)
 */
export function publicUser(user: SecureSiteUser, profile?: SocialProfile): PublicUser {
  const email = user.email ?? profile?.email
  return {
    ...(email ? { email } : {}),
    ...(profile?.username ? { userName: profile.username } : {}),
    ...(profile ? { socialProvider: profile.provider } : {}),
    evmAddress: user.evmAddress,
    solanaAddress: user.solanaAddress,
  }
}
