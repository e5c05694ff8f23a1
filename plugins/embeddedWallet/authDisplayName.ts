/** SPEC §5: a display name longer than this is cut, with an ellipsis. */
export const MAX_DISPLAY_NAME = 30

/**
 * SPEC §5's auth display name: the social user name (a discord name loses its trailing 0, the
 * discriminator of discord's new user names), else the email; cut with an ellipsis above 30.
 *
 * @example
 * authDisplayName({ socialProvider: 'discord', userName: 'visitor0' }) // 'visitor'
 */
export function authDisplayName(user: { userName?: string; email?: string; socialProvider?: string } | undefined): string | undefined {
  let name = user?.userName?.trim() || undefined
  if (name && user?.socialProvider === 'discord' && name.endsWith('0')) name = name.slice(0, -1)
  name ||= user?.email?.trim() || undefined
  if (!name) return undefined
  return name.length > MAX_DISPLAY_NAME ? `${name.slice(0, MAX_DISPLAY_NAME)}…` : name
}
