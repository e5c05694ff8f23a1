import { createHash, timingSafeEqual } from 'node:crypto'

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * Whether an `Authorization` header carries the admin token, compared in constant time: both
 * sides are hashed first, so neither the content nor the length of the token leaks by timing.
 *
 * @param authorization - the request's header, e.g. `Bearer 3q2+7w…`
 * @param token - the admin token
 * @returns true only for `Bearer <token>`
 * @example
 * isAdminTokenValid(request.headers.authorization, adminToken)
 */
export function isAdminTokenValid(authorization: string | undefined, token: string): boolean {
  const presented = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1] ?? ''
  // Always compare, also for a missing header, so both paths take the same time.
  return timingSafeEqual(digest(presented), digest(token)) && presented.length > 0
}
