import { SignJWT, base64url, exportJWK, type JWK } from 'jose'

const publicJwks = new WeakMap<CryptoKey, Promise<JWK>>()

/**
 * A DPoP proof (RFC 9449 §4.2) for one request to the secure site's API, signed with the
 * device key: the method and URL it is for, a fresh id, and the access token's hash when one is
 * sent. The server refuses it for any other request, after its minute, or a second time.
 *
 * @param keys - the device key (openDeviceKey)
 * @param method - the request's method
 * @param url - the absolute URL, without query
 * @param accessToken - the session token the request carries, if any
 */
export async function makeDpopProof(keys: CryptoKeyPair, method: string, url: string, accessToken?: string): Promise<string> {
  let jwk = publicJwks.get(keys.publicKey)
  if (!jwk) publicJwks.set(keys.publicKey, (jwk = exportJWK(keys.publicKey)))
  const ath = accessToken === undefined ? undefined : base64url.encode(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(accessToken))))
  return new SignJWT({ htm: method, htu: url, jti: crypto.randomUUID(), ...(ath ? { ath } : {}) })
    .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: await jwk })
    .setIssuedAt()
    .sign(keys.privateKey)
}
