import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { LocalAccount } from 'viem'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import type { Storage } from '../plugins/database/index.js'
import type { KeyStore, UserAddresses } from './KeyStore.js'
import { KeyUnsealFailedError } from './masterSecretErrors.js'

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
 * Whole keys in the storage layer (`secure_site_keys`), each encrypted with AES-256-GCM under a key derived
 * from the secure site's master secret (`resolveMasterSecret`). The user id and key kind are
 * the additional data, so a ciphertext moved to another row does not decrypt.
 */
export class SqliteKeyStore implements KeyStore {
  readonly #storage: Storage
  readonly #secret: Buffer

  constructor(storage: Storage, secret: Buffer) {
    this.#storage = storage
    this.#secret = secret
  }

  async createKeys(userId: string): Promise<UserAddresses> {
    const evmKey = generatePrivateKey()
    const evmAddress = privateKeyToAccount(evmKey).address
    const solana = this.#newSolanaKey(userId)
    await this.#storage.db
      .insertInto('secure_site_keys')
      .values([{ user_id: userId, kind: 'secp256k1', public_key: evmAddress, sealed: this.#seal(userId, 'secp256k1', Buffer.from(evmKey.slice(2), 'hex')) }, solana.row])
      .execute()
    return { evmAddress, solanaAddress: solana.solanaAddress }
  }

  /** Generates and stores a user's ed25519 key alone (`SplitKeyStore` keeps their secp256k1 key in shares). */
  async createSolanaKey(userId: string): Promise<Pick<UserAddresses, 'solanaAddress'>> {
    const { row, solanaAddress } = this.#newSolanaKey(userId)
    await this.#storage.db.insertInto('secure_site_keys').values(row).execute()
    return { solanaAddress }
  }

  async evmAccount(userId: string): Promise<LocalAccount> {
    return privateKeyToAccount(`0x${(await this.#open(userId, 'secp256k1')).toString('hex')}`)
  }

  async signEd25519(userId: string, message: Uint8Array): Promise<Uint8Array> {
    return ed25519.sign(message, await this.#open(userId, 'ed25519'))
  }

  #newSolanaKey(userId: string) {
    const solanaKey = ed25519.utils.randomSecretKey()
    const solanaAddress = base58.encode(ed25519.getPublicKey(solanaKey))
    return { solanaAddress, row: { user_id: userId, kind: 'ed25519' as const, public_key: solanaAddress, sealed: this.#seal(userId, 'ed25519', Buffer.from(solanaKey)) } }
  }

  #seal(userId: string, kind: KeyKind, plain: Buffer): Buffer {
    return sealKey(plain, { userId, kind, secret: this.#secret })
  }

  async #open(userId: string, kind: KeyKind): Promise<Buffer> {
    const row = await this.#storage.db.selectFrom('secure_site_keys').select('sealed').where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst()
    if (!row) throw new Error(`No ${kind} key for user ${userId}`)
    try {
      return unsealKey(row.sealed, { userId, kind, secret: this.#secret })
    } catch (error) {
      // GCM's tag check failed: sealed under another master secret (a copied folder, a wrong file).
      throw new KeyUnsealFailedError({ cause: error })
    }
  }
}
