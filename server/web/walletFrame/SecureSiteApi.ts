import { FrameNetworkError, SecureSiteApiError } from './errors.js'
import { makeDpopProof } from './makeDpopProof.js'
import { openDeviceKey } from './openDeviceKey.js'
import { refusalValuesOf } from '../../../chains/auth/refusalValues.js'

/** The frame's session: its tokens, and when to renew the access token (this page's clock). */
export interface FrameSession {
  token: string
  refreshToken: string
  refreshAt: number
}

/** The server's answer to a login or a refresh (SessionTokens' grant). */
export interface SessionGrant {
  token: string
  refreshToken: string
  expiresIn: number
  appToken: string
}

/** Refreshed up to this long before the access token expires, so a request never leaves with a dying one. */
const REFRESH_MARGIN_MS = 60_000

/**
 * The frame's client for its own server's API (same origin). Every request carries a DPoP proof
 * from the device key, and the session token as `DPoP <token>`; the token is refreshed by
 * rotation shortly before it expires, and once more if the server answers 401.
 */
export class SecureSiteApi {
  session: FrameSession | null = null
  /** Told of each rotation (a new grant) and of a refresh the server refused (null). */
  onRefresh: (grant: SessionGrant | null) => void = () => {}
  /** The session as this origin's storage holds it now: another tab's frame may have rotated it. */
  stored: () => FrameSession | null = () => this.session
  readonly #deviceKey: Promise<CryptoKeyPair>
  #refreshing: Promise<void> | undefined

  constructor(deviceKey: () => Promise<CryptoKeyPair> = openDeviceKey) {
    this.#deviceKey = deviceKey()
  }

  get token(): string | null {
    return this.session?.token ?? null
  }

  /** Keeps a grant from a login or a refresh as the session. */
  keep(grant: SessionGrant): FrameSession {
    const lifetimeMs = grant.expiresIn * 1000
    // Half the lifetime at most: a short-lived token is not refreshed before every request.
    return (this.session = { token: grant.token, refreshToken: grant.refreshToken, refreshAt: Date.now() + lifetimeMs - Math.min(REFRESH_MARGIN_MS, lifetimeMs / 2) })
  }

  async get<T>(path: string, query: Record<string, string> = {}): Promise<T> {
    return this.#call<T>('GET', path, `?${new URLSearchParams(query)}`)
  }

  async post<T>(path: string, body: unknown = {}): Promise<T> {
    return this.#call<T>('POST', path, '', body)
  }

  async #call<T>(method: string, path: string, query: string, body?: unknown): Promise<T> {
    if (this.session && this.session.refreshAt <= Date.now()) await this.#refresh()
    const sent = this.session?.token
    let response = await this.#send(method, path, query, body, sent)
    // Expired in flight, or the page slept past its refresh: one rotation, one retry (a 401 ran nothing).
    if (response.status === 401 && sent && this.session?.token === sent) {
      await this.#refresh()
      if (this.session) response = await this.#send(method, path, query, body, this.session.token)
    }
    return read<T>(response)
  }

  /** One rotation at a time: parallel requests wait for the same one rather than reuse its token. */
  #refresh(): Promise<void> {
    return (this.#refreshing ??= this.#rotate().finally(() => (this.#refreshing = undefined)))
  }

  /**
   * Every frame of this origin (one per tab) shares the session: one rotates at a time (a Web
   * Lock), and one that finds the stored session already rotated adopts it instead of sending its
   * old refresh token, which the server would take for a stolen one and end the session.
   */
  async #rotate(): Promise<void> {
    if (navigator.locks) await navigator.locks.request('latch-secure-site:refresh', () => this.#rotateNow())
    else await this.#rotateNow()
  }

  async #rotateNow(): Promise<void> {
    const stored = this.stored()
    if (stored?.refreshToken !== this.session?.refreshToken) {
      this.session = stored
      if (!stored) return this.onRefresh(null)
      if (stored.refreshAt > Date.now()) return
    }
    const session = this.session
    if (!session) return
    const response = await this.#send('POST', '/api/session/refresh', '', { refreshToken: session.refreshToken })
    if (this.session !== session) return
    if (response.status === 401) {
      this.session = null
      return this.onRefresh(null)
    }
    const grant = await read<SessionGrant>(response)
    this.keep(grant)
    this.onRefresh(grant)
  }

  async #send(method: string, path: string, query: string, body: unknown, token?: string): Promise<Response> {
    try {
      const proof = await makeDpopProof(await this.#deviceKey, method, new URL(path, location.origin).href, token)
      return await fetch(`${path}${query}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          dpop: proof,
          ...(token ? { authorization: `DPoP ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
      })
    } catch (error) {
      throw new FrameNetworkError({ cause: error })
    }
  }
}

async function read<T>(response: Response): Promise<T> {
  const answer = (await response.json().catch(() => undefined)) as { message?: unknown; code?: unknown } | undefined
  if (!response.ok)
    throw new SecureSiteApiError({
      status: response.status,
      message: typeof answer?.message === 'string' ? answer.message.slice(0, 300) : undefined,
      replyCode: typeof answer?.code === 'string' ? answer.code.slice(0, 60) : undefined,
      values: refusalValuesOf(answer),
    })
  return answer as T
}
