import { createHash } from 'node:crypto'
import { EmbeddedJWK, calculateJwkThumbprint, jwtVerify, type JWK } from 'jose'
import { InvalidProofError } from './errors.js'
import { ProofReplayCache } from './ProofReplayCache.js'
import type { FirstSightings } from '../plugins/redis/redisFirstSightings.js'

/** What a proof must match: the request it travels with, and the access token it carries. */
export interface ProofTarget {
  /** The `DPoP` header's value. */
  proof: string | undefined
  method: string
  /** The URL as the frame calls it: the site's public URL plus the path, no query (RFC 9449 §4.3). */
  url: string
  accessToken?: string
  /**
   * The thumbprint of the key the session is bound to, for a request that uses or refreshes one:
   * the proof must come from that key, and only then is its `jti` kept. A proof that starts a
   * session has none and is not kept: replaying it gains nothing (the session it starts is bound
   * to a key the replayer lacks, and the code or login secret it travels with is single-use), and
   * not keeping it means no one can fill the cache with proofs of keys they just made.
   */
  boundTo?: string
}

/** How far a proof's `iat` may be from the server's clock, either way. */
const WINDOW_SECONDS = 60

/**
 * Checks DPoP proofs (RFC 9449): a JWT signed by the device's own ES256 key, naming this request
 * (htm, htu), fresh (iat) and, with an access token, bound to it (ath); for a session's request,
 * made by the session's key and never seen before (jti). Returns the key's JWK thumbprint, which
 * a session is bound to (`cnf.jkt`).
 */
export class DpopProofs {
  readonly #replays: FirstSightings

  /** @param replays - the proof ids seen: this process's cache, or the shared Redis's (`redisFirstSightings`) behind a balancer */
  constructor(replays: FirstSightings = new ProofReplayCache()) {
    this.#replays = replays
  }

  /** The proving key's thumbprint; `InvalidProofError` naming what is wrong otherwise. */
  async verify({ proof, method, url, accessToken, boundTo }: ProofTarget): Promise<string> {
    if (!proof) throw new InvalidProofError({ reason: 'missing' })
    let payload: Record<string, unknown>
    let jwk: JWK
    try {
      // EmbeddedJWK: the key is the one in the header; it refuses a private key there.
      const verified = await jwtVerify(proof, EmbeddedJWK, { typ: 'dpop+jwt', algorithms: ['ES256'] })
      payload = verified.payload
      jwk = verified.protectedHeader.jwk!
    } catch (error) {
      throw new InvalidProofError({ reason: 'bad signature or header', cause: error })
    }
    if (payload.htm !== method) throw new InvalidProofError({ reason: 'another method' })
    if (typeof payload.htu !== 'string' || !sameTarget(payload.htu, url)) throw new InvalidProofError({ reason: 'another URL' })
    const now = Math.floor(Date.now() / 1000)
    if (typeof payload.iat !== 'number' || Math.abs(payload.iat - now) > WINDOW_SECONDS) throw new InvalidProofError({ reason: 'stale' })
    if (accessToken !== undefined && payload.ath !== createHash('sha256').update(accessToken).digest('base64url')) throw new InvalidProofError({ reason: 'another token' })
    if (typeof payload.jti !== 'string' || payload.jti.length < 8 || payload.jti.length > 128) throw new InvalidProofError({ reason: 'no id' })
    const thumbprint = await calculateJwkThumbprint(jwk)
    if (boundTo === undefined) return thumbprint
    if (thumbprint !== boundTo) throw new InvalidProofError({ reason: 'another key' })
    // Remembered past the window's far edge: a proof is refused by iat before it is forgotten.
    if (!(await this.#replays.remember(`${thumbprint}:${payload.jti}`, (now + 2 * WINDOW_SECONDS + 1) * 1000))) throw new InvalidProofError({ reason: 'replayed' })
    return thumbprint
  }
}

/** Same scheme, host, port and path; query and fragment ignored (RFC 9449 §4.3 point 9). */
function sameTarget(htu: string, url: string): boolean {
  if (!URL.canParse(htu)) return false
  const [a, b] = [new URL(htu), new URL(url)]
  return a.origin === b.origin && a.pathname === b.pathname
}
