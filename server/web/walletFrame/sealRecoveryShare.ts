// The recovery share's sealing in the frame (KEY_SHARES.md), with WebCrypto. The layout is the
// server's (`sealKey`): 12-byte IV, 16-byte tag, ciphertext; AES-256-GCM under an HKDF-SHA256 key;
// the user id and what seals it as additional data, so a sealed share moved to another user or
// holder does not open.

const SERVER_INFO = 'latch secure-site keys at rest'
const PASSKEY_INFO = 'latch passkey recovery share'

async function aesKey(secret: Uint8Array, info: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', secret as BufferSource, 'HKDF', false, ['deriveKey'])
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: new TextEncoder().encode(info) },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
}

async function open(sealed: Uint8Array, key: CryptoKey, aad: string): Promise<Uint8Array> {
  const body = new Uint8Array(sealed.length - 12)
  body.set(sealed.subarray(28))
  body.set(sealed.subarray(12, 28), sealed.length - 28)
  return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.subarray(0, 12) as BufferSource, additionalData: new TextEncoder().encode(aad) }, key, body))
}

/** Opens a recovery share the server sealed under the user's recovery secret (the vault's, or the frame's): the secp256k1 key's, or the Solana seed's. */
export async function openWithRecoverySecret(sealed: Uint8Array, recoverySecret: Uint8Array, userId: string, kind: 'secp256k1' | 'ed25519' = 'secp256k1'): Promise<Uint8Array> {
  return open(sealed, await aesKey(recoverySecret, SERVER_INFO), `${userId}:${kind}:recovery`)
}

/** Seals a recovery share (the secp256k1 key's, or the Solana seed's) under the secret kept in the user's passkey (its largeBlob). */
export async function sealUnderPasskey(share: Uint8Array, passkeySecret: Uint8Array, userId: string, kind: 'secp256k1' | 'ed25519' = 'secp256k1'): Promise<Uint8Array> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const aad = new TextEncoder().encode(`${userId}:${kind}:passkey`)
  const body = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad }, await aesKey(passkeySecret, PASSKEY_INFO), share as BufferSource))
  const sealed = new Uint8Array(12 + body.length)
  sealed.set(iv)
  sealed.set(body.subarray(body.length - 16), 12)
  sealed.set(body.subarray(0, body.length - 16), 28)
  return sealed
}

/** Opens a recovery share sealed under the passkey's secret (`sealUnderPasskey`). */
export async function openUnderPasskey(sealed: Uint8Array, passkeySecret: Uint8Array, userId: string, kind: 'secp256k1' | 'ed25519' = 'secp256k1'): Promise<Uint8Array> {
  return open(sealed, await aesKey(passkeySecret, PASSKEY_INFO), `${userId}:${kind}:passkey`)
}
