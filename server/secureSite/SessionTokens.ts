import { hkdfSync, randomUUID } from 'node:crypto'
import { SignJWT, jwtVerify } from 'jose'
import type { LatchDatabase } from '../storage/openDatabase.js'
import { SessionExpiredError } from '../errors/secureSite.js'

/** The signed-in user a valid token names. */
export interface Session {
  id: string
  userId: string
}

const ISSUER = 'latch-secure-site'
/** The token the frame keeps and calls the API with: it never leaves the secure site's origin. */
const FRAME_AUDIENCE = 'latch-secure-site:frame'
/** The token the frame hands the app (SESSION_UPDATE): it names the session but the API refuses it. */
const APP_AUDIENCE = 'latch-secure-site:app'

/**
 * Sessions as signed, expiring JWTs (jose, HS256, key derived from the secure site's master
 * secret), each backed by a row so signing out ends it before it expires.
 */
export class SessionTokens {
  readonly #db: LatchDatabase
  readonly #key: Uint8Array
  readonly #ttlSeconds: number

  constructor(db: LatchDatabase, secret: Buffer, ttlSeconds: number) {
    this.#db = db
    this.#key = new Uint8Array(hkdfSync('sha256', secret, Buffer.alloc(0), 'latch secure-site sessions', 32))
    this.#ttlSeconds = ttlSeconds
  }

  /**
   * Starts a session for a user. `token` is the frame's own credential; `appToken` is what the
   * app may hold (it signs nothing: a page that leaked it cannot sign in the user's name).
   */
  async issue(userId: string): Promise<{ token: string; appToken: string }> {
    const id = randomUUID()
    const now = Math.floor(Date.now() / 1000)
    // Sessions a day past their end are of no use to anyone: dropped as new ones start.
    this.#db.prepare('DELETE FROM secure_site_sessions WHERE expires_at < ?').run(Date.now() - 24 * 3600_000)
    this.#db.prepare('INSERT INTO secure_site_sessions (id, user_id, expires_at) VALUES (?, ?, ?)').run(id, userId, (now + this.#ttlSeconds) * 1000)
    const sign = (audience: string) =>
      new SignJWT({ sid: id })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setIssuedAt(now)
        .setExpirationTime(now + this.#ttlSeconds)
        .sign(this.#key)
    return { token: await sign(FRAME_AUDIENCE), appToken: await sign(APP_AUDIENCE) }
  }

  /** The session a token names; `SessionExpiredError` when it is forged, expired or ended. */
  async verify(token: string | undefined): Promise<Session> {
    if (!token) throw new SessionExpiredError()
    let claims: { sub?: string; sid?: unknown }
    try {
      claims = (await jwtVerify(token, this.#key, { issuer: ISSUER, audience: FRAME_AUDIENCE, algorithms: ['HS256'] })).payload
    } catch (error) {
      throw new SessionExpiredError({ cause: error })
    }
    const id = typeof claims.sid === 'string' ? claims.sid : ''
    const row = this.#db
      .prepare<[string], { user_id: string; expires_at: number; ended_at: number | null }>('SELECT user_id, expires_at, ended_at FROM secure_site_sessions WHERE id = ?')
      .get(id)
    if (!row || row.ended_at !== null || row.expires_at <= Date.now() || row.user_id !== claims.sub) throw new SessionExpiredError()
    return { id, userId: row.user_id }
  }

  /** Ends a session at once (sign out). */
  end(session: Session): void {
    this.#db.prepare('UPDATE secure_site_sessions SET ended_at = ? WHERE id = ?').run(Date.now(), session.id)
  }
}
