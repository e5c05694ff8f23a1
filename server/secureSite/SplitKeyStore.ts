import { randomBytes } from 'node:crypto'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { bytesToHex, hexToBytes, type LocalAccount } from 'viem'
import { split } from 'shamir-secret-sharing'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import type { LatchDatabase } from '../plugins/database/openDatabase.js'
import type { KeyEnrollment, KeyStore, UserAddresses } from './KeyStore.js'
import { SqliteKeyStore, sealKey, unsealKey, type KeyKind, type SealedKind } from './SqliteKeyStore.js'
import { KeyUnsealFailedError } from '../errors/masterSecret.js'
import { SignInFrameRequiredError } from '../errors/keyShares.js'
import type { RecoveryVault } from './recoveryVault/RecoveryVault.js'

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
  readonly #db: LatchDatabase
  readonly #secret: Buffer
  readonly #whole: SqliteKeyStore
  readonly #vault: RecoveryVault | undefined
  /** New keys' device shares and recovery secrets, in this process only, until their frame takes them. */
  readonly #enrollments = new Map<string, KeyEnrollment & { until: number }>()

  /** @param vault - keeps new users' recovery secrets (automatic recovery); without it the frame is handed the secret */
  constructor(db: LatchDatabase, secret: Buffer, vault?: RecoveryVault) {
    this.#db = db
    this.#secret = secret
    this.#vault = vault
    this.#whole = new SqliteKeyStore(db, secret)
  }

  async createKeys(userId: string): Promise<UserAddresses> {
    const key = hexToBytes(generatePrivateKey())
    const seed = ed25519.utils.randomSecretKey()
    const enrollment = await this.#keepSplit(userId, key, seed, () => undefined)
    this.#dropStaleEnrollments()
    this.#enrollments.set(userId, { ...enrollment, until: Date.now() + ENROLLMENT_TTL_MS })
    return { evmAddress: enrollment.evmAddress, solanaAddress: enrollment.solanaAddress! }
  }

  /**
   * A user's whole keys (made before keys were split) split now, at a login of theirs: opened
   * once, split, the sealed shares stored and the whole rows deleted in one transaction; the
   * device shares go to the asking frame. Only where the recovery vault keeps the recovery secret:
   * if the answer is lost on its way, the frame recovers the shares from the vault.
   *
   * @returns the frame's shares, or undefined when there is nothing to split (already split, or no vault)
   */
  async migrate(userId: string): Promise<KeyEnrollment | undefined> {
    if (!this.#vault || this.#shareRow(userId, 'auth')) return undefined
    const rows = this.#db.prepare<[string], { kind: KeyKind; sealed: Buffer }>('SELECT kind, sealed FROM secure_site_keys WHERE user_id = ?').all(userId)
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
    const shares = await this.#keepSplit(userId, key, seed, () => this.#db.prepare('DELETE FROM secure_site_keys WHERE user_id = ?').run(userId))
    // The deleted rows' pages were zeroed (secure_delete, createSecureSiteTables); older copies of
    // those pages wait in the write-ahead log until a checkpoint, taken here and the log emptied.
    this.#db.pragma('wal_checkpoint(TRUNCATE)')
    return shares
  }

  /**
   * Splits a secp256k1 key and an ed25519 seed 2-of-3 and stores, in one transaction with `alsoRun`,
   * the sealed auth shares (master secret) and recovery shares (a fresh recovery secret, kept by
   * the vault when there is one). The key bytes are wiped.
   *
   * @returns what the frame keeps: the device shares (and the recovery secret where no vault keeps it)
   */
  async #keepSplit(userId: string, key: Uint8Array, seed: Uint8Array, alsoRun: () => void): Promise<KeyEnrollment & { solanaAddress: string }> {
    const evmAddress = privateKeyToAccount(bytesToHex(key)).address
    const [deviceShare, authShare, recoveryShare] = (await split(key, 3, 2)) as [Uint8Array, Uint8Array, Uint8Array]
    key.fill(0)
    // The Solana key's 32-byte seed is split the same way (its own shares, the same recovery secret).
    const solanaAddress = base58.encode(ed25519.getPublicKey(seed))
    const [solanaShare, solanaAuthShare, solanaRecoveryShare] = (await split(seed, 3, 2)) as [Uint8Array, Uint8Array, Uint8Array]
    seed.fill(0)
    const recoverySecret = randomBytes(32)
    const insert = this.#db.prepare('INSERT INTO secure_site_key_shares (user_id, kind, holder, public_key, sealed) VALUES (?, ?, ?, ?, ?)')
    this.#db.transaction(() => {
      insert.run(userId, 'secp256k1', 'auth', evmAddress, this.#seal(userId, 'secp256k1:auth', authShare, this.#secret))
      insert.run(userId, 'secp256k1', 'recovery', evmAddress, this.#seal(userId, 'secp256k1:recovery', recoveryShare, recoverySecret))
      insert.run(userId, 'ed25519', 'auth', solanaAddress, this.#seal(userId, 'ed25519:auth', solanaAuthShare, this.#secret))
      insert.run(userId, 'ed25519', 'recovery', solanaAddress, this.#seal(userId, 'ed25519:recovery', solanaRecoveryShare, recoverySecret))
      this.#vault?.keep(userId, recoverySecret)
      alsoRun()
    })()
    for (const share of [authShare, recoveryShare, solanaAuthShare, solanaRecoveryShare]) share.fill(0)
    // With a vault the frame needs no recovery secret: it asks the vault when it must (`vaultRoutes`).
    const handed = this.#vault ? {} : { recoverySecret: new Uint8Array(recoverySecret) }
    recoverySecret.fill(0)
    return { evmAddress, deviceShare, ...handed, solanaAddress, solanaShare }
  }

  takeEnrollment(userId: string): KeyEnrollment | undefined {
    this.#dropStaleEnrollments()
    const pending = this.#enrollments.get(userId)
    this.#enrollments.delete(userId)
    if (!pending) return undefined
    const { until: _until, ...enrollment } = pending
    return enrollment
  }

  async authShare(userId: string): Promise<Uint8Array | undefined> {
    const row = this.#shareRow(userId, 'auth')
    return row && this.#open(userId, row)
  }

  async solanaAuthShare(userId: string): Promise<Uint8Array | undefined> {
    const row = this.#shareRow(userId, 'auth', 'ed25519')
    return row && this.#open(userId, row, 'ed25519')
  }

  /** A whole key only: a split one is never assembled here, the frame signs with it (KEY_SHARES.md). */
  async evmAccount(userId: string): Promise<LocalAccount> {
    if (this.#shareRow(userId, 'auth')) throw new SignInFrameRequiredError()
    return this.#whole.evmAccount(userId)
  }

  /** A whole Solana key only (made before its seed was split); a split one is the frame's to use. */
  async signEd25519(userId: string, message: Uint8Array): Promise<Uint8Array> {
    if (this.#shareRow(userId, 'auth', 'ed25519')) throw new SignInFrameRequiredError()
    return this.#whole.signEd25519(userId, message)
  }

  #shareRow(userId: string, holder: 'auth' | 'recovery', kind: KeyKind = 'secp256k1'): ShareRow | undefined {
    return this.#db
      .prepare<[string, string, string], ShareRow>('SELECT public_key, sealed FROM secure_site_key_shares WHERE user_id = ? AND kind = ? AND holder = ?')
      .get(userId, kind, holder)
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

  #dropStaleEnrollments() {
    const now = Date.now()
    for (const [userId, pending] of this.#enrollments) if (pending.until <= now) this.#enrollments.delete(userId)
  }
}
