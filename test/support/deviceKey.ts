import { createHash } from 'node:crypto'
import { SignJWT, calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose'

/**
 * A device key as the secure site's frame holds one, for tests that call its API from Node:
 * makes the DPoP proofs (RFC 9449) every session request carries.
 */
export class DeviceKey {
  private constructor(
    private readonly privateKey: CryptoKey,
    readonly jwk: JWK,
  ) {}

  static async create(): Promise<DeviceKey> {
    const { privateKey, publicKey } = await generateKeyPair('ES256')
    return new DeviceKey(privateKey, await exportJWK(publicKey))
  }

  /** The key's JWK thumbprint: what a session made with it is bound to (`cnf.jkt`). */
  thumbprint(): Promise<string> {
    return calculateJwkThumbprint(this.jwk)
  }

  /** A proof for one request; `jti` fixed only to test replays. */
  proof(method: string, url: string, { accessToken, jti = crypto.randomUUID() }: { accessToken?: string; jti?: string } = {}): Promise<string> {
    const target = new URL(url)
    return new SignJWT({
      htm: method,
      htu: `${target.origin}${target.pathname}`,
      jti,
      ...(accessToken ? { ath: createHash('sha256').update(accessToken).digest('base64url') } : {}),
    })
      .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: this.jwk })
      .setIssuedAt()
      .sign(this.privateKey)
  }

  /** The headers of a request with a proof, and the session token when there is one. */
  async headers(method: string, url: string, accessToken?: string): Promise<Record<string, string>> {
    return { dpop: await this.proof(method, url, { accessToken }), ...(accessToken ? { authorization: `DPoP ${accessToken}` } : {}) }
  }
}
