import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { LocalAccount } from 'viem'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import type { LatchDatabase } from '../plugins/database/openDatabase.js'
import type { KeyStore, UserAddresses } from './KeyStore.js'
import { KeyUnsealFailedError } from '../errors/masterSecret.js'

export type KeyKind = 'secp256k1' | 'ed25519'
/** What a sealed blob holds: a whole key, or one share of a split secp256k1 key (`SplitKeyStore`); part of the additional data. */
export type SealedKind = KeyKind | `${KeyKind}:auth` | `${KeyKind}:recovery` | 'recovery-vault'

const sealingKey = (secret: Buffer) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'latch secure-site keys at rest', 32))

/**
 * Opens one sealed key (12-byte IV, 16-byte tag, ciphertext). Exported for the at-rest test and
 * for an operator's recovery tool; the running server only signs through the store.
 *
 * @param sealed - the `sealed` column of `secure_site_keys` (or of `secure_site_key_shares`)
 * @param secret - the master secret (`resolveMasterSecret`), or a recovery secret for a recovery share
 * @returns the private key's bytes
 */
export function unsealKey(sealed: Buffer, { userId, kind, secret }: { userId: string; kind: SealedKind; secret: Buffer }): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), sealed.subarray(0, 12))
  decipher.setAAD(Buffer.from(`${userId}:${kind}`))
  decipher.setAuthTag(sealed.subarray(12, 28))
  return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()])
}

/**
 * Seals one key under the master secret: AES-256-GCM, a fresh 96-bit IV, `userId:kind` as the
 * additional data. Exported for master secret rotation (`resealKeys`).
 *
 * @returns IV, tag and ciphertext, as stored in `secure_site_keys.sealed`
 */
export function sealKey(plain: Buffer, { userId, kind, secret }: { userId: string; kind: SealedKind; secret: Buffer }): Buffer {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret), iv)
  cipher.setAAD(Buffer.from(`${userId}:${kind}`))
  const body = Buffer.concat([cipher.update(plain), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body])
}

/** The public key a private key stands for, as `secure_site_keys.public_key` holds it. */
export function publicKeyOf(kind: KeyKind, plain: Buffer): string {
  return kind === 'secp256k1' ? privateKeyToAccount(`0x${plain.toString('hex')}`).address : base58.encode(ed25519.getPublicKey(plain))
}

/**
 * Keys in the backend's SQLite database, each encrypted with AES-256-GCM under a key derived
 * from the secure site's master secret (`resolveMasterSecret`). The user id and key kind are
 * the additional data, so a ciphertext moved to another row does not decrypt.
 */
export class SqliteKeyStore implements KeyStore {
  readonly #db: LatchDatabase
  readonly #secret: Buffer

  constructor(db: LatchDatabase, secret: Buffer) {
    this.#db = db
    this.#secret = secret
  }

  async createKeys(userId: string): Promise<UserAddresses> {
    const evmKey = generatePrivateKey()
    const evmAddress = privateKeyToAccount(evmKey).address
    const insert = this.#db.prepare('INSERT INTO secure_site_keys (user_id, kind, public_key, sealed) VALUES (?, ?, ?, ?)')
    return this.#db.transaction(() => {
      insert.run(userId, 'secp256k1', evmAddress, this.#seal(userId, 'secp256k1', Buffer.from(evmKey.slice(2), 'hex')))
      return { evmAddress, ...this.createSolanaKey(userId) }
    })()
  }

  /** Generates and stores a user's ed25519 key alone (`SplitKeyStore` keeps their secp256k1 key in shares). */
  createSolanaKey(userId: string): Pick<UserAddresses, 'solanaAddress'> {
    const solanaKey = ed25519.utils.randomSecretKey()
    const solanaAddress = base58.encode(ed25519.getPublicKey(solanaKey))
    this.#db.prepare('INSERT INTO secure_site_keys (user_id, kind, public_key, sealed) VALUES (?, ?, ?, ?)').run(userId, 'ed25519', solanaAddress, this.#seal(userId, 'ed25519', Buffer.from(solanaKey)))
    return { solanaAddress }
  }

  async evmAccount(userId: string): Promise<LocalAccount> {
    return privateKeyToAccount(`0x${this.#open(userId, 'secp256k1').toString('hex')}`)
  }

  async signEd25519(userId: string, message: Uint8Array): Promise<Uint8Array> {
    return ed25519.sign(message, this.#open(userId, 'ed25519'))
  }

  #seal(userId: string, kind: KeyKind, plain: Buffer): Buffer {
    return sealKey(plain, { userId, kind, secret: this.#secret })
  }

  #open(userId: string, kind: KeyKind): Buffer {
    const row = this.#db.prepare<[string, string], { sealed: Buffer }>('SELECT sealed FROM secure_site_keys WHERE user_id = ? AND kind = ?').get(userId, kind)
    if (!row) throw new Error(`No ${kind} key for user ${userId}`)
    try {
      return unsealKey(row.sealed, { userId, kind, secret: this.#secret })
    } catch (error) {
      // GCM's tag check failed: sealed under another master secret (a copied folder, a wrong file).
      throw new KeyUnsealFailedError({ cause: error })
    }
  }
}
