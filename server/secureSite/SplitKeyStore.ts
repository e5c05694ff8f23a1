import { randomBytes } from 'node:crypto'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { bytesToHex, hexToBytes, isAddressEqual, type LocalAccount } from 'viem'
import { combine, split } from 'shamir-secret-sharing'
import type { LatchDatabase } from '../storage/openDatabase.js'
import type { KeyEnrollment, KeyStore, UserAddresses } from './KeyStore.js'
import { SqliteKeyStore, sealKey, unsealKey, type SealedKind } from './SqliteKeyStore.js'
import { DeviceShareRequiredError, KeyUnsealFailedError } from '../errors/masterSecret.js'

/** How long a new key's device share waits for its frame (`takeEnrollment`): the login's own answer comes first. */
const ENROLLMENT_TTL_MS = 10 * 60_000

interface ShareRow {
  public_key: string
  sealed: Buffer
}

/**
 * Keys with no whole secp256k1 key on the server (KEY_SHARES.md): each new one is split 2-of-3
 * with `shamir-secret-sharing` into a device share (handed once to the frame), an auth share
 * (kept sealed under the master secret, released only to a proven session) and a recovery share
 * (kept sealed under a recovery secret the frame holds). Any two make the key; the server holds
 * one it can open. Whole keys from before the split, and every Solana key for now, stay in
 * `SqliteKeyStore`: this store falls back to it (the mixed mode the note describes).
 */
export class SplitKeyStore implements KeyStore {
  readonly #db: LatchDatabase
  readonly #secret: Buffer
  readonly #whole: SqliteKeyStore
  /** New keys' device shares and recovery secrets, in this process only, until their frame takes them. */
  readonly #enrollments = new Map<string, KeyEnrollment & { until: number }>()

  constructor(db: LatchDatabase, secret: Buffer) {
    this.#db = db
    this.#secret = secret
    this.#whole = new SqliteKeyStore(db, secret)
  }

  async createKeys(userId: string): Promise<UserAddresses> {
    const { solanaAddress } = this.#whole.createSolanaKey(userId)
    const key = hexToBytes(generatePrivateKey())
    const evmAddress = privateKeyToAccount(bytesToHex(key)).address
    const [deviceShare, authShare, recoveryShare] = (await split(key, 3, 2)) as [Uint8Array, Uint8Array, Uint8Array]
    key.fill(0)
    const recoverySecret = randomBytes(32)
    const insert = this.#db.prepare('INSERT INTO secure_site_key_shares (user_id, kind, holder, public_key, sealed) VALUES (?, ?, ?, ?, ?)')
    this.#db.transaction(() => {
      insert.run(userId, 'secp256k1', 'auth', evmAddress, this.#seal(userId, 'secp256k1:auth', authShare, this.#secret))
      insert.run(userId, 'secp256k1', 'recovery', evmAddress, this.#seal(userId, 'secp256k1:recovery', recoveryShare, recoverySecret))
    })()
    authShare.fill(0)
    recoveryShare.fill(0)
    this.#dropStaleEnrollments()
    this.#enrollments.set(userId, { evmAddress, deviceShare, recoverySecret: new Uint8Array(recoverySecret), until: Date.now() + ENROLLMENT_TTL_MS })
    return { evmAddress, solanaAddress }
  }

  takeEnrollment(userId: string): KeyEnrollment | undefined {
    this.#dropStaleEnrollments()
    const pending = this.#enrollments.get(userId)
    this.#enrollments.delete(userId)
    return pending && { evmAddress: pending.evmAddress, deviceShare: pending.deviceShare, recoverySecret: pending.recoverySecret }
  }

  async authShare(userId: string): Promise<Uint8Array | undefined> {
    const row = this.#shareRow(userId, 'auth')
    return row && this.#open(userId, row)
  }

  /** Mixed mode's server path (KEY_SHARES.md): the key is made from the frame's device share and the auth share for this one account, its bytes wiped. */
  async evmAccount(userId: string, deviceShare?: Uint8Array): Promise<LocalAccount> {
    const row = this.#shareRow(userId, 'auth')
    if (!row) return this.#whole.evmAccount(userId)
    if (!deviceShare) throw new DeviceShareRequiredError({ reason: 'missing' })
    const authShare = this.#open(userId, row)
    let key: Uint8Array
    try {
      key = await combine([deviceShare, authShare])
    } catch (error) {
      throw new DeviceShareRequiredError({ reason: 'mismatch', cause: error })
    } finally {
      authShare.fill(0)
    }
    // A JS string cannot be wiped: the hex viem keeps lives until the account is collected.
    const account = key.length === 32 ? privateKeyToAccount(bytesToHex(key)) : undefined
    key.fill(0)
    if (!account || !isAddressEqual(account.address, row.public_key as `0x${string}`)) throw new DeviceShareRequiredError({ reason: 'mismatch' })
    return account
  }

  signEd25519(userId: string, message: Uint8Array): Promise<Uint8Array> {
    return this.#whole.signEd25519(userId, message)
  }

  #shareRow(userId: string, holder: 'auth' | 'recovery'): ShareRow | undefined {
    return this.#db
      .prepare<[string, string], ShareRow>("SELECT public_key, sealed FROM secure_site_key_shares WHERE user_id = ? AND kind = 'secp256k1' AND holder = ?")
      .get(userId, holder)
  }

  #seal(userId: string, kind: SealedKind, share: Uint8Array, secret: Buffer): Buffer {
    return sealKey(Buffer.from(share.buffer, share.byteOffset, share.byteLength), { userId, kind, secret })
  }

  #open(userId: string, row: ShareRow): Uint8Array {
    try {
      return new Uint8Array(unsealKey(row.sealed, { userId, kind: 'secp256k1:auth', secret: this.#secret }))
    } catch (error) {
      throw new KeyUnsealFailedError({ cause: error })
    }
  }

  #dropStaleEnrollments() {
    const now = Date.now()
    for (const [userId, pending] of this.#enrollments) if (pending.until <= now) this.#enrollments.delete(userId)
  }
}
