import { createHash, hkdfSync, randomBytes, randomUUID } from 'node:crypto'
import { SignJWT, jwtVerify } from 'jose'
import type { LatchDatabase } from '../plugins/database/openDatabase.js'
import { SessionExpiredError } from '../errors/secureSite.js'

/** The signed-in user a valid token names, and what the session was created for. */
export interface Session {
  id: string
  userId: string
  /** The project and app origin the login was made for, when the login named them. */
  projectId?: string
  appOrigin?: string
}

/** What a session is bound to when it starts: the device key's thumbprint (DPoP `cnf.jkt`), and where it was made. */
export interface SessionBinding {
  jkt: string
  projectId?: string
  appOrigin?: string
}

/** A login's or a refresh's answer to the frame. */
export interface SessionGrant {
  /** The frame's access token: short-lived, usable only with a proof from the bound key. */
  token: string
  /** Exchanged once at `/api/session/refresh` for a new pair; also usable only with that key. */
  refreshToken: string
  /** Seconds until `token` expires. */
  expiresIn: number
  /** What the app may hold (SESSION_UPDATE): it names the session but the API refuses it. */
  appToken: string
}

interface SessionRow {
  id: string
  user_id: string
  jkt: string | null
  project_id: string | null
  app_origin: string | null
  expires_at: number
  ended_at: number | null
}

const ISSUER = 'latch-secure-site'
/** The token the frame keeps and calls the API with: it never leaves the secure site's origin. */
const FRAME_AUDIENCE = 'latch-secure-site:frame'
/** The token the frame hands the app (SESSION_UPDATE): it names the session but the API refuses it. */
const APP_AUDIENCE = 'latch-secure-site:app'
/** Access tokens live 10 minutes: a leaked one is worth little, and the frame refreshes it. */
const ACCESS_TTL_SECONDS = 600

const hashOf = (refreshToken: string) => createHash('sha256').update(refreshToken).digest('base64url')

/**
 * Sessions bound to a device key (DPoP, RFC 9449). A session row lives up to `ttlSeconds` and
 * holds the key's thumbprint; the frame calls with short-lived access tokens (jose, HS256, key
 * derived from the secure site's master secret) that name it, and renews them by rotating a
 * refresh token kept hashed. A refresh token presented twice means two holders: the whole
 * session ends (reuse detection, RFC 9700 §4.14.2).
 */
export class SessionTokens {
  readonly #db: LatchDatabase
  readonly #key: Uint8Array
  readonly #ttlSeconds: number
  readonly #accessTtlSeconds: number

  constructor(db: LatchDatabase, secret: Buffer, ttlSeconds: number, accessTtlSeconds = ACCESS_TTL_SECONDS) {
    this.#db = db
    this.#key = new Uint8Array(hkdfSync('sha256', secret, Buffer.alloc(0), 'latch secure-site sessions', 32))
    this.#ttlSeconds = ttlSeconds
    this.#accessTtlSeconds = accessTtlSeconds
  }

  /**
   * Starts a session for a user, bound to the device key whose proof came with the login.
   *
   * @param userId - the user who logged in
   * @param binding - the proof key's thumbprint; the project and app origin when the login named them
   * @returns the frame's tokens and the app's
   */
  async issue(userId: string, binding: SessionBinding): Promise<SessionGrant> {
    const id = randomUUID()
    const now = Date.now()
    // Sessions a day past their end are of no use to anyone: dropped as new ones start.
    const stale = now - 24 * 3600_000
    this.#db.transaction(() => {
      this.#db.prepare('DELETE FROM secure_site_refresh_tokens WHERE session_id IN (SELECT id FROM secure_site_sessions WHERE expires_at < ?)').run(stale)
      this.#db.prepare('DELETE FROM secure_site_sessions WHERE expires_at < ?').run(stale)
      this.#db
        .prepare('INSERT INTO secure_site_sessions (id, user_id, expires_at, jkt, project_id, app_origin, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(id, userId, now + this.#ttlSeconds * 1000, binding.jkt, binding.projectId ?? null, binding.appOrigin ?? null, now)
    })()
    return this.#grant(this.#row(id)!)
  }

  /**
   * The key an access token is bound to (`cnf.jkt`), read once its signature and lifetime check
   * out, so the request's proof can be checked against it; `SessionExpiredError` otherwise.
   */
  async boundKey(token: string): Promise<string> {
    const jkt = (await this.#claims(token)).cnf?.jkt
    if (typeof jkt !== 'string') throw new SessionExpiredError()
    return jkt
  }

  /** The key a refresh token's session is bound to; `SessionExpiredError` for an unknown token or a session without one. */
  refreshKey(refreshToken: string): string {
    const row = this.#db
      .prepare<[string], { jkt: string | null }>('SELECT s.jkt FROM secure_site_refresh_tokens r JOIN secure_site_sessions s ON s.id = r.session_id WHERE r.token_hash = ?')
      .get(hashOf(refreshToken))
    if (!row?.jkt) throw new SessionExpiredError()
    return row.jkt
  }

  /**
   * The session an access token names, when `jkt` (the thumbprint of the key that proved this
   * request) is the one it is bound to; `SessionExpiredError` when forged, expired, ended or
   * presented without its key.
   */
  async verify(token: string | undefined, jkt: string | undefined): Promise<Session> {
    if (!token || !jkt) throw new SessionExpiredError()
    const claims = await this.#claims(token)
    const row = this.#row(typeof claims.sid === 'string' ? claims.sid : '')
    if (!row || !isLive(row) || row.user_id !== claims.sub || claims.cnf?.jkt !== jkt || row.jkt !== jkt) throw new SessionExpiredError()
    return sessionOf(row)
  }

  /**
   * Exchanges a refresh token for a new pair (rotation). A token already exchanged ends its
   * session: either the holder or a thief used it first, and the server cannot tell which.
   */
  async refresh(refreshToken: string, jkt: string): Promise<SessionGrant> {
    const found = this.#db
      .prepare<[string], { session_id: string; used_at: number | null }>('SELECT session_id, used_at FROM secure_site_refresh_tokens WHERE token_hash = ?')
      .get(hashOf(refreshToken))
    const row = found && this.#row(found.session_id)
    // Without the session's key the token proves nothing: it is neither used up nor counted as reuse.
    if (!found || !row || !isLive(row) || row.jkt !== jkt) throw new SessionExpiredError()
    const claimed = found.used_at === null && this.#db.prepare('UPDATE secure_site_refresh_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL').run(Date.now(), hashOf(refreshToken)).changes === 1
    if (!claimed) {
      this.end(sessionOf(row))
      throw new SessionExpiredError()
    }
    return this.#grant(row)
  }

  /** Ends a session at once (sign out). */
  end(session: Pick<Session, 'id'>): void {
    this.#db.prepare('UPDATE secure_site_sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL').run(Date.now(), session.id)
  }

  /** Ends every session of a user ("sign out everywhere"), or every one but `except` (email change). */
  endAll(userId: string, { except }: { except?: string } = {}): void {
    this.#db.prepare('UPDATE secure_site_sessions SET ended_at = ? WHERE user_id = ? AND id IS NOT ? AND ended_at IS NULL').run(Date.now(), userId, except ?? null)
  }

  async #claims(token: string): Promise<{ sub?: string; sid?: unknown; cnf?: { jkt?: unknown } }> {
    try {
      return (await jwtVerify(token, this.#key, { issuer: ISSUER, audience: FRAME_AUDIENCE, algorithms: ['HS256'] })).payload
    } catch (error) {
      throw new SessionExpiredError({ cause: error })
    }
  }

  async #grant(row: SessionRow): Promise<SessionGrant> {
    const now = Math.floor(Date.now() / 1000)
    // Never past the session's own end: the frame then finds its refresh refused and signs out.
    const expiresAt = Math.max(now, Math.min(now + this.#accessTtlSeconds, Math.floor(row.expires_at / 1000)))
    const refreshToken = randomBytes(32).toString('base64url')
    this.#db.prepare('INSERT INTO secure_site_refresh_tokens (token_hash, session_id, created_at) VALUES (?, ?, ?)').run(hashOf(refreshToken), row.id, Date.now())
    const where = { ...(row.project_id ? { projectId: row.project_id } : {}), ...(row.app_origin ? { appOrigin: row.app_origin } : {}) }
    const sign = (audience: string, claims: Record<string, unknown>) =>
      new SignJWT({ sid: row.id, ...where, ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(row.user_id)
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setIssuedAt(now)
        .setExpirationTime(expiresAt)
        .sign(this.#key)
    return {
      token: await sign(FRAME_AUDIENCE, { cnf: { jkt: row.jkt } }),
      refreshToken,
      expiresIn: expiresAt - now,
      appToken: await sign(APP_AUDIENCE, {}),
    }
  }

  #row(id: string): SessionRow | undefined {
    return this.#db
      .prepare<[string], SessionRow>('SELECT id, user_id, jkt, project_id, app_origin, expires_at, ended_at FROM secure_site_sessions WHERE id = ?')
      .get(id)
  }
}

/** Not ended, not past its end, and bound to a key (sessions from before DPoP have none: they end). */
const isLive = (row: SessionRow) => row.ended_at === null && row.expires_at > Date.now() && row.jkt !== null

const sessionOf = (row: SessionRow): Session => ({
  id: row.id,
  userId: row.user_id,
  ...(row.project_id ? { projectId: row.project_id } : {}),
  ...(row.app_origin ? { appOrigin: row.app_origin } : {}),
})
