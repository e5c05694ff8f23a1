import { secp256k1 } from '@noble/curves/secp256k1'
import { ripemd160 } from '@noble/hashes/ripemd160'
import { sha256 } from '@noble/hashes/sha256'
import { bech32 } from '@scure/base'

/** The legacy signed-message digest: double SHA-256 of the magic prefix, a varint length and the message. */
export function bitcoinMessageHash(message: Uint8Array): Uint8Array {
  const prefix = new TextEncoder().encode('\x18Bitcoin Signed Message:\n')
  if (message.length >= 0xfd) throw new Error('test helper handles short messages only')
  return sha256(sha256(new Uint8Array([...prefix, message.length, ...message])))
}

/**
 * Verifies a legacy (BIP-137) signed message against a P2WPKH address: recovers the key
 * from the signature and compares its hash160 with the address's witness program.
 */
export function verifyBitcoinMessage({ address, message, signatureBase64 }: { address: string; message: string; signatureBase64: string }): boolean {
  const bytes = Uint8Array.from(atob(signatureBase64), (c) => c.charCodeAt(0))
  if (bytes.length !== 65 || bytes[0]! < 39 || bytes[0]! > 42) return false
  const signature = secp256k1.Signature.fromCompact(bytes.slice(1)).addRecoveryBit(bytes[0]! - 39)
  const publicKey = signature.recoverPublicKey(bitcoinMessageHash(new TextEncoder().encode(message))).toRawBytes(true)
  const decoded = bech32.decode(address as `${string}1${string}`)
  const program = bech32.fromWords(decoded.words.slice(1))
  const hash = ripemd160(sha256(publicKey))
  return program.length === hash.length && program.every((byte, i) => byte === hash[i])
}
