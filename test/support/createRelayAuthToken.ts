import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import { base58 } from '@scure/base'

/**
 * A relay auth JWT as WalletConnect clients make it: EdDSA over header.payload, issuer the
 * did:key of a fresh ed25519 key, audience the relay's URL, valid for an hour from now.
 * `payload` overrides any claim (`aud` first of all: the relay URL it is meant for); `signWith`
 * signs with another key (a forgery).
 */
export function createRelayAuthToken(payload: Record<string, unknown> = {}, signWith?: KeyObject): { token: string; iss: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(12)
  const iss = `did:key:z${base58.encode(new Uint8Array([0xed, 0x01, ...raw]))}`
  const header = Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' })).toString('base64url')
  const iat = Math.floor(Date.now() / 1000)
  const body = Buffer.from(JSON.stringify({ iss, sub: 'test', aud: 'ws://127.0.0.1/relay', iat, exp: iat + 3600, ...payload })).toString('base64url')
  const signature = sign(null, Buffer.from(`${header}.${body}`), signWith ?? privateKey).toString('base64url')
  return { token: `${header}.${body}.${signature}`, iss }
}

/**
 * The URL a raw client opens on a relay at `relayUrl` (`ws://host:port/relay`): a token for that
 * relay and the project id WalletConnect's clients put on it.
 *
 * @example
 * new WebSocket(relaySocketUrl(relayUrl))
 */
export function relaySocketUrl(relayUrl: string, { projectId = 'latch-dev', payload = {} }: { projectId?: string; payload?: Record<string, unknown> } = {}): string {
  return `${relayUrl}?auth=${createRelayAuthToken({ aud: relayUrl, ...payload }).token}&projectId=${projectId}`
}
