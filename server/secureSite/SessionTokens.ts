import { createHash, hkdfSync, randomBytes, randomUUID } from 'node:crypto'
import { SignJWT, jwtVerify } from 'jose'
import { atomically, someRow, type Storage } from '../plugins/database/index.js'
import { SessionExpiredError } from './errors.js'

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

const SESSION_COLUMNS = ['id', 'user_id', 'jkt', 'project_id', 'app_origin', 'expires_at', 'ended_at'] as const

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
  readonly #storage: Storage
  readonly #key: Uint8Array
  readonly #ttlSeconds: number
  readonly #accessTtlSeconds: number

  constructor(storage: Storage, secret: Buffer, ttlSeconds: number, accessTtlSeconds = ACCESS_TTL_SECONDS) {
    this.#storage = storage
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
    const db = this.#storage.db
    await db.deleteFrom('secure_site_refresh_tokens').where('session_id', 'in', db.selectFrom('secure_site_sessions').select('id').where('expires_at', '<', stale)).execute()
    await db.deleteFrom('secure_site_sessions').where('expires_at', '<', stale).execute()
    const row = await db
      .insertInto('secure_site_sessions')
      .values({ id, user_id: userId, expires_at: now + this.#ttlSeconds * 1000, ended_at: null, jkt: binding.jkt, project_id: binding.projectId ?? null, app_origin: binding.appOrigin ?? null, created_at: now })
      .returning(SESSION_COLUMNS)
      .executeTakeFirstOrThrow()
    return this.#grant(row)
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
  async refreshKey(refreshToken: string): Promise<string> {
    const row = await this.#storage.db
      .selectFrom('secure_site_refresh_tokens as r')
      .innerJoin('secure_site_sessions as s', 's.id', 'r.session_id')
      .select('s.jkt')
      .where('r.token_hash', '=', hashOf(refreshToken))
      .executeTakeFirst()
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
    const row = await this.#row(typeof claims.sid === 'string' ? claims.sid : '')
    if (!row || !isLive(row) || row.user_id !== claims.sub || claims.cnf?.jkt !== jkt || row.jkt !== jkt) throw new SessionExpiredError()
    return sessionOf(row)
  }

  /**
   * Exchanges a refresh token for a new pair (rotation). A token already exchanged ends its
   * session: either the holder or a thief used it first, and the server cannot tell which.
   * The token is claimed and its successor stored in one transaction that starts with the
   * conditional `UPDATE … WHERE used_at IS NULL RETURNING`: of 50 refreshes at once, one gets a pair.
   */
  async refresh(refreshToken: string, jkt: string): Promise<SessionGrant> {
    const db = this.#storage.db
    const found = await db.selectFrom('secure_site_refresh_tokens').select(['session_id', 'used_at']).where('token_hash', '=', hashOf(refreshToken)).executeTakeFirst()
    const row = found && (await this.#row(found.session_id))
    // Without the session's key the token proves nothing: it is neither used up nor counted as reuse.
    if (!found || !row || !isLive(row) || row.jkt !== jkt) throw new SessionExpiredError()
    const next = randomBytes(32).toString('base64url')
    const claimed =
      found.used_at === null &&
      (await atomically(this.#storage, [
        { query: db.updateTable('secure_site_refresh_tokens').set({ used_at: Date.now() }).where('token_hash', '=', hashOf(refreshToken)).where('used_at', 'is', null).returning('token_hash'), expect: someRow },
        { query: this.#storeRefreshToken(next, row.id) },
      ]))
    if (!claimed) {
      await this.end(sessionOf(row))
      throw new SessionExpiredError()
    }
    return this.#grant(row, next)
  }

  /** Ends a session at once (sign out). */
  async end(session: Pick<Session, 'id'>): Promise<void> {
    await this.#storage.db.updateTable('secure_site_sessions').set({ ended_at: Date.now() }).where('id', '=', session.id).where('ended_at', 'is', null).execute()
  }

  /** Ends every session of a user ("sign out everywhere"), or every one but `except` (email change). */
  async endAll(userId: string, options: { except?: string } = {}): Promise<void> {
    await this.endAllQuery(userId, options).execute()
  }

  /** `endAll`'s statement, for a caller's transaction (`EmailChange.verifySecondary`). */
  endAllQuery(userId: string, { except }: { except?: string } = {}) {
    const query = this.#storage.db.updateTable('secure_site_sessions').set({ ended_at: Date.now() }).where('user_id', '=', userId).where('ended_at', 'is', null)
    return except === undefined ? query : query.where('id', '!=', except)
  }

  async #claims(token: string): Promise<{ sub?: string; sid?: unknown; cnf?: { jkt?: unknown } }> {
    try {
      return (await jwtVerify(token, this.#key, { issuer: ISSUER, audience: FRAME_AUDIENCE, algorithms: ['HS256'] })).payload
    } catch (error) {
      throw new SessionExpiredError({ cause: error })
    }
  }

  #storeRefreshToken(refreshToken: string, sessionId: string) {
    return this.#storage.db.insertInto('secure_site_refresh_tokens').values({ token_hash: hashOf(refreshToken), session_id: sessionId, created_at: Date.now(), used_at: null })
  }

  /** @param stored - a refresh token already stored (a rotation stores it with the claim); else one is made and stored here */
  async #grant(row: SessionRow, stored?: string): Promise<SessionGrant> {
    const now = Math.floor(Date.now() / 1000)
    // Never past the session's own end: the frame then finds its refresh refused and signs out.
    const expiresAt = Math.max(now, Math.min(now + this.#accessTtlSeconds, Math.floor(row.expires_at / 1000)))
    const refreshToken = stored ?? randomBytes(32).toString('base64url')
    if (!stored) await this.#storeRefreshToken(refreshToken, row.id).execute()
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

  #row(id: string): Promise<SessionRow | undefined> {
    return this.#storage.db.selectFrom('secure_site_sessions').select(SESSION_COLUMNS).where('id', '=', id).executeTakeFirst()
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
