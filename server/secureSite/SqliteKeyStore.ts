import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { LocalAccount } from 'viem'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import type { LatchDatabase } from '../storage/openDatabase.js'
import type { KeyStore, UserAddresses } from './KeyStore.js'

export type KeyKind = 'secp256k1' | 'ed25519'

const sealingKey = (secret: Buffer) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'latch secure-site keys at rest', 32))

/**
 * Opens one sealed key (12-byte IV, 16-byte tag, ciphertext). Exported for the at-rest test and
 * for an operator's recovery tool; the running server only signs through the store.
 *
 * @param sealed - the `sealed` column of `secure_site_keys`
 * @param secret - the master secret (`loadSecureSiteSecret`)
 * @returns the private key's bytes
 */
export function unsealKey(sealed: Buffer, { userId, kind, secret }: { userId: string; kind: KeyKind; secret: Buffer }): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), sealed.subarray(0, 12))
  decipher.setAAD(Buffer.from(`${userId}:${kind}`))
  decipher.setAuthTag(sealed.subarray(12, 28))
  return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()])
}

/**
 * Keys in the backend's SQLite database, each encrypted with AES-256-GCM under a key derived
 * from the secure site's master secret (`loadSecureSiteSecret`). The user id and key kind are
 * the additional data, so a ciphertext moved to another row does not decrypt.
 */
export class SqliteKeyStore implements KeyStore {
  readonly #db: LatchDatabase
  readonly #secret: Buffer
  readonly #key: Buffer

  constructor(db: LatchDatabase, secret: Buffer) {
    this.#db = db
    this.#secret = secret
    this.#key = sealingKey(secret)
  }

  async createKeys(userId: string): Promise<UserAddresses> {
    const evmKey = generatePrivateKey()
    const solanaKey = ed25519.utils.randomSecretKey()
    const addresses: UserAddresses = {
      evmAddress: privateKeyToAccount(evmKey).address,
      solanaAddress: base58.encode(ed25519.getPublicKey(solanaKey)),
    }
    const insert = this.#db.prepare('INSERT INTO secure_site_keys (user_id, kind, public_key, sealed) VALUES (?, ?, ?, ?)')
    this.#db.transaction(() => {
      insert.run(userId, 'secp256k1', addresses.evmAddress, this.#seal(userId, 'secp256k1', Buffer.from(evmKey.slice(2), 'hex')))
      insert.run(userId, 'ed25519', addresses.solanaAddress, this.#seal(userId, 'ed25519', Buffer.from(solanaKey)))
    })()
    return addresses
  }

  async evmAccount(userId: string): Promise<LocalAccount> {
    return privateKeyToAccount(`0x${this.#open(userId, 'secp256k1').toString('hex')}`)
  }

  async signEd25519(userId: string, message: Uint8Array): Promise<Uint8Array> {
    return ed25519.sign(message, this.#open(userId, 'ed25519'))
  }

  #seal(userId: string, kind: KeyKind, plain: Buffer): Buffer {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv)
    cipher.setAAD(Buffer.from(`${userId}:${kind}`))
    const body = Buffer.concat([cipher.update(plain), cipher.final()])
    return Buffer.concat([iv, cipher.getAuthTag(), body])
  }

  #open(userId: string, kind: KeyKind): Buffer {
    const row = this.#db.prepare<[string, string], { sealed: Buffer }>('SELECT sealed FROM secure_site_keys WHERE user_id = ? AND kind = ?').get(userId, kind)
    if (!row) throw new Error(`No ${kind} key for user ${userId}`)
    return unsealKey(row.sealed, { userId, kind, secret: this.#secret })
  }
}
