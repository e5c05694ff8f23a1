import { createPublicKey, verify } from 'node:crypto'

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
// did:key for ed25519: multibase 'z' (base58btc) of the multicodec 0xed 0x01 and the key.
const DID_KEY_PREFIX = 'did:key:z'
// DER SubjectPublicKeyInfo header of a raw 32-byte ed25519 key.
const ED25519_SPKI = Buffer.from('302a300506032b6570032100', 'hex')

function decodeBase58(text: string): Uint8Array | undefined {
  let value = 0n
  for (const char of text) {
    const digit = BASE58.indexOf(char)
    if (digit < 0) return undefined
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  for (const char of text) {
    if (char !== '1') break
    bytes.unshift(0)
  }
  return Uint8Array.from(bytes)
}

const json = (part: string): Record<string, unknown> | undefined => {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/** The longest life an auth token may claim (`exp - iat`): WalletConnect's clients sign for one day. */
export const MAX_RELAY_AUTH_LIFETIME_SECONDS = 24 * 3600
/** Clock skew allowed on `iat`. */
const SKEW_SECONDS = 300

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '')

/** What a relay auth token must also satisfy besides its signature. */
export interface RelayAuthExpectations {
  /** The relay's own URLs (`ws://host/relay`, `wss://host/relay`): `aud` must be one of them, so a token made for another relay is refused. */
  audiences: readonly string[]
  /** Seconds since the epoch. */
  now?: number
}

/**
 * Checks the `auth` JWT a WalletConnect client sends when it opens the relay socket: EdDSA,
 * signed by the ed25519 key its `iss` (a did:key) names, for this relay (`aud`), issued for at
 * most a day (`exp - iat`, so a token cannot be minted once and replayed for years), not expired.
 *
 * @param token - the JWT
 * @param expected - the audiences accepted and the time
 * @returns the client's did:key, or undefined when the token is not valid
 * @example
 * verifyRelayAuth(token, { audiences: ['ws://127.0.0.1:5545/relay'] })
 */
export function verifyRelayAuth(token: string, { audiences, now = Math.floor(Date.now() / 1000) }: RelayAuthExpectations): string | undefined {
  if (token.length > 2048) return undefined
  const parts = token.split('.')
  if (parts.length !== 3) return undefined
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
  const header = json(headerPart)
  const payload = json(payloadPart)
  if (header?.alg !== 'EdDSA' || !payload) return undefined
  const { iss, exp, iat, aud } = payload
  if (typeof iss !== 'string' || !iss.startsWith(DID_KEY_PREFIX)) return undefined
  if (typeof exp !== 'number' || exp < now) return undefined
  if (typeof iat !== 'number' || iat > now + SKEW_SECONDS || exp - iat > MAX_RELAY_AUTH_LIFETIME_SECONDS) return undefined
  if (typeof aud !== 'string' || !audiences.some((own) => withoutTrailingSlash(own) === withoutTrailingSlash(aud))) return undefined
  const multicodec = decodeBase58(iss.slice(DID_KEY_PREFIX.length))
  if (!multicodec || multicodec.length !== 34 || multicodec[0] !== 0xed || multicodec[1] !== 0x01) return undefined
  try {
    const key = createPublicKey({ key: Buffer.concat([ED25519_SPKI, multicodec.slice(2)]), format: 'der', type: 'spki' })
    const ok = verify(null, Buffer.from(`${headerPart}.${payloadPart}`), key, Buffer.from(signaturePart, 'base64url'))
    return ok ? iss : undefined
  } catch {
    return undefined
  }
}
