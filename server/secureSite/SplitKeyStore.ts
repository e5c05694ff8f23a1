import { randomBytes } from 'node:crypto'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { bytesToHex, hexToBytes, type LocalAccount } from 'viem'
import { split } from 'shamir-secret-sharing'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { sql } from 'kysely'
import { atomically, type AtomicStep, type Storage } from '../plugins/database/index.js'
import type { KeyEnrollment, KeyStore, UserAddresses } from './KeyStore.js'
import { SqliteKeyStore, sealKey, unsealKey, type KeyKind, type SealedKind } from './SqliteKeyStore.js'
import { KeyUnsealFailedError } from './masterSecretErrors.js'
import { SignInFrameRequiredError } from './keyShareErrors.js'
import type { RecoveryVault } from './recoveryVault/RecoveryVault.js'
import { memoryExpiringStore, type ExpiringStore } from '../plugins/redis/ExpiringStore.js'

/** How long a new key's device share waits for its frame (`takeEnrollment`): the login's own answer comes first. */
const ENROLLMENT_TTL_MS = 10 * 60_000

interface ShareRow {
  public_key: string
  sealed: Buffer
}

/**
 * Keys with no whole key on the server (KEY_SHARES.md): each new secp256k1 key, and each new
 * ed25519 (Solana) seed, is split 2-of-3
 * with `shamir-secret-sharing` into a device share (handed once to the frame), an auth share
 * (kept sealed under the master secret, released only to a proven session) and a recovery share
 * (kept sealed under a recovery secret: in the recovery vault when there is one, else handed to
 * the frame). Any two make the key; the master secret opens one, and the server never assembles
 * a key: the frame signs. Whole keys from before the split
 * stay in `SqliteKeyStore`, and this store signs with them through it.
 */
export class SplitKeyStore implements KeyStore {
  readonly #storage: Storage
  readonly #secret: Buffer
  readonly #whole: SqliteKeyStore
  readonly #vault: RecoveryVault | undefined
  /**
   * New keys' device shares and recovery secrets until their frame takes them: in this process, or
   * in the shared Redis (sealed) so that a frame whose next request reaches another instance gets them.
   */
  readonly #enrollments: ExpiringStore<KeyEnrollment>

  /**
   * @param vault - keeps new users' recovery secrets (automatic recovery); without it the frame is handed the secret
   * @param enrollments - where new keys' shares wait for their frame (`openExpiringStore`); this process's memory by default
   */
  constructor(storage: Storage, secret: Buffer, vault?: RecoveryVault, enrollments: ExpiringStore<KeyEnrollment> = memoryExpiringStore()) {
    this.#storage = storage
    this.#secret = secret
    this.#vault = vault
    this.#enrollments = enrollments
    this.#whole = new SqliteKeyStore(storage, secret)
  }

  async createKeys(userId: string): Promise<UserAddresses> {
    const key = hexToBytes(generatePrivateKey())
    const seed = ed25519.utils.randomSecretKey()
    const enrollment = await this.#keepSplit(userId, key, seed, [])
    // Nothing comes before the inserts, so nothing can refuse them.
    if (!enrollment) throw new Error(`the new keys of user ${userId} were not stored`)
    await this.#enrollments.put(userId, enrollment, ENROLLMENT_TTL_MS)
    return { evmAddress: enrollment.evmAddress, solanaAddress: enrollment.solanaAddress! }
  }

  /**
   * A user's whole keys (made before keys were split) split now, at a login of theirs: opened
   * once, split, the sealed shares stored and the whole rows deleted in one transaction; the
   * device shares go to the asking frame. Once: the transaction starts by deleting the whole rows,
   * and a second login splitting them at the same time finds none and changes nothing. Only where the recovery vault keeps the recovery secret:
   * if the answer is lost on its way, the frame recovers the shares from the vault.
   *
   * @returns the frame's shares, or undefined when there is nothing to split (already split, or no vault)
   */
  async migrate(userId: string): Promise<KeyEnrollment | undefined> {
    if (!this.#vault || (await this.#shareRow(userId, 'auth'))) return undefined
    const rows = await this.#storage.db.selectFrom('secure_site_keys').select(['kind', 'sealed']).where('user_id', '=', userId).execute()
    const whole = (kind: KeyKind) => {
      const row = rows.find((candidate) => candidate.kind === kind)
      if (!row) return undefined
      try {
        return new Uint8Array(unsealKey(row.sealed, { userId, kind, secret: this.#secret }))
      } catch (error) {
        throw new KeyUnsealFailedError({ cause: error })
      }
    }
    const key = whole('secp256k1')
    const seed = whole('ed25519')
    if (!key || !seed) return undefined
    const claim = { query: this.#storage.db.deleteFrom('secure_site_keys').where('user_id', '=', userId).returning('kind'), expect: (deleted: unknown[]) => deleted.length === rows.length }
    const shares = await this.#keepSplit(userId, key, seed, [claim])
    if (!shares) return undefined
    // The deleted rows' pages were zeroed (secure_delete, createSecureSiteTables); older copies of
    // those pages wait in the write-ahead log until a checkpoint, taken here and the log emptied.
    if (this.#storage.dialect === 'sqlite') await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(this.#storage.db)
    return shares
  }

  /**
   * Splits a secp256k1 key and an ed25519 seed 2-of-3 and stores, in one transaction after `first`,
   * the sealed auth shares (master secret) and recovery shares (a fresh recovery secret, kept by
   * the vault when there is one). The key bytes are wiped.
   *
   * @returns what the frame keeps: the device shares (and the recovery secret where no vault keeps
   *   it); undefined when a step of `first` was refused and nothing was stored
   */
  async #keepSplit(userId: string, key: Uint8Array, seed: Uint8Array, first: AtomicStep[]): Promise<(KeyEnrollment & { solanaAddress: string }) | undefined> {
    const evmAddress = privateKeyToAccount(bytesToHex(key)).address
    const [deviceShare, authShare, recoveryShare] = (await split(key, 3, 2)) as [Uint8Array, Uint8Array, Uint8Array]
    key.fill(0)
    // The Solana key's 32-byte seed is split the same way (its own shares, the same recovery secret).
    const solanaAddress = base58.encode(ed25519.getPublicKey(seed))
    const [solanaShare, solanaAuthShare, solanaRecoveryShare] = (await split(seed, 3, 2)) as [Uint8Array, Uint8Array, Uint8Array]
    seed.fill(0)
    const recoverySecret = randomBytes(32)
    const shares = this.#storage.db.insertInto('secure_site_key_shares').values([
      { user_id: userId, kind: 'secp256k1', holder: 'auth', public_key: evmAddress, sealed: this.#seal(userId, 'secp256k1:auth', authShare, this.#secret) },
      { user_id: userId, kind: 'secp256k1', holder: 'recovery', public_key: evmAddress, sealed: this.#seal(userId, 'secp256k1:recovery', recoveryShare, recoverySecret) },
      { user_id: userId, kind: 'ed25519', holder: 'auth', public_key: solanaAddress, sealed: this.#seal(userId, 'ed25519:auth', solanaAuthShare, this.#secret) },
      { user_id: userId, kind: 'ed25519', holder: 'recovery', public_key: solanaAddress, sealed: this.#seal(userId, 'ed25519:recovery', solanaRecoveryShare, recoverySecret) },
    ])
    const stored = await atomically(this.#storage, [...first, { query: shares }, ...(this.#vault ? [{ query: this.#vault.keep(userId, recoverySecret) }] : [])])
    for (const share of [authShare, recoveryShare, solanaAuthShare, solanaRecoveryShare]) share.fill(0)
    if (!stored) {
      recoverySecret.fill(0)
      deviceShare.fill(0)
      solanaShare.fill(0)
      return undefined
    }
    // With a vault the frame needs no recovery secret: it asks the vault when it must (`vaultRoutes`).
    const handed = this.#vault ? {} : { recoverySecret: new Uint8Array(recoverySecret) }
    recoverySecret.fill(0)
    return { evmAddress, deviceShare, ...handed, solanaAddress, solanaShare }
  }

  takeEnrollment(userId: string): Promise<KeyEnrollment | undefined> {
    return this.#enrollments.take(userId)
  }

  async authShare(userId: string): Promise<Uint8Array | undefined> {
    const row = await this.#shareRow(userId, 'auth')
    return row && this.#open(userId, row)
  }

  async solanaAuthShare(userId: string): Promise<Uint8Array | undefined> {
    const row = await this.#shareRow(userId, 'auth', 'ed25519')
    return row && this.#open(userId, row, 'ed25519')
  }

  /** A whole key only: a split one is never assembled here, the frame signs with it (KEY_SHARES.md). */
  async evmAccount(userId: string): Promise<LocalAccount> {
    if (await this.#shareRow(userId, 'auth')) throw new SignInFrameRequiredError()
    return this.#whole.evmAccount(userId)
  }

  /** A whole Solana key only (made before its seed was split); a split one is the frame's to use. */
  async signEd25519(userId: string, message: Uint8Array): Promise<Uint8Array> {
    if (await this.#shareRow(userId, 'auth', 'ed25519')) throw new SignInFrameRequiredError()
    return this.#whole.signEd25519(userId, message)
  }

  #shareRow(userId: string, holder: 'auth' | 'recovery', kind: KeyKind = 'secp256k1'): Promise<ShareRow | undefined> {
    return this.#storage.db.selectFrom('secure_site_key_shares').select(['public_key', 'sealed']).where('user_id', '=', userId).where('kind', '=', kind).where('holder', '=', holder).executeTakeFirst()
  }

  #seal(userId: string, kind: SealedKind, share: Uint8Array, secret: Buffer): Buffer {
    return sealKey(Buffer.from(share.buffer, share.byteOffset, share.byteLength), { userId, kind, secret })
  }

  #open(userId: string, row: ShareRow, kind: KeyKind = 'secp256k1'): Uint8Array {
    try {
      return new Uint8Array(unsealKey(row.sealed, { userId, kind: `${kind}:auth`, secret: this.#secret }))
    } catch (error) {
      throw new KeyUnsealFailedError({ cause: error })
    }
  }
}
