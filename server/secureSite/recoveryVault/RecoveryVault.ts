import type { LatchDatabase } from '../../plugins/database/openDatabase.js'
import { sealKey, unsealKey } from '../SqliteKeyStore.js'
import { KeyUnsealFailedError } from '../../errors/masterSecret.js'

/**
 * Automatic recovery for split keys without a passkey (KEY_SHARES.md, "Recovery vault"): each
 * user's recovery secret, which opens their recovery shares, sealed under the recovery vault key.
 * That key is a second secret, kept apart from the master secret (which seals the auth shares), so
 * the database with either secret opens no wallet; both are needed. Released only to the user's own
 * DPoP-proven session (`vaultRoutes`), which then opens the recovery shares in the frame. Adding a
 * passkey removes the user's row: from then on no server-side secret recovers that wallet.
 */
export class RecoveryVault {
  readonly #db: LatchDatabase
  readonly #key: Buffer

  constructor(db: LatchDatabase, key: Buffer) {
    this.#db = db
    this.#key = key
  }

  /** Keeps (or replaces) a user's recovery secret, sealed. */
  keep(userId: string, recoverySecret: Uint8Array) {
    const sealed = sealKey(Buffer.from(recoverySecret), { userId, kind: 'recovery-vault', secret: this.#key })
    this.#db.prepare('INSERT OR REPLACE INTO secure_site_recovery_vault (user_id, sealed) VALUES (?, ?)').run(userId, sealed)
  }

  /** The user's recovery secret, or undefined when the vault holds none (a passkey seals the wallet, or a whole key). */
  release(userId: string): Uint8Array | undefined {
    const row = this.#db.prepare<[string], { sealed: Buffer }>('SELECT sealed FROM secure_site_recovery_vault WHERE user_id = ?').get(userId)
    if (!row) return undefined
    try {
      return new Uint8Array(unsealKey(row.sealed, { userId, kind: 'recovery-vault', secret: this.#key }))
    } catch (error) {
      throw new KeyUnsealFailedError({ cause: error })
    }
  }

  /** Forgets a user's recovery secret: run it in the transaction that seals the wallet under a passkey. */
  forget(userId: string) {
    this.#db.prepare('DELETE FROM secure_site_recovery_vault WHERE user_id = ?').run(userId)
  }
}
