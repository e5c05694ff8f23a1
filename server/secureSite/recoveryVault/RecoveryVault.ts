import type { Storage } from '../../plugins/database/index.js'
import { sealKey, unsealKey } from '../SqliteKeyStore.js'
import { KeyUnsealFailedError } from '../masterSecretErrors.js'

/**
 * Automatic recovery for split keys without a passkey (KEY_SHARES.md, "Recovery vault"): each
 * user's recovery secret, which opens their recovery shares, sealed under the recovery vault key.
 * That key is a second secret, kept apart from the master secret (which seals the auth shares), so
 * the database with either secret opens no wallet; both are needed. Released only to the user's own
 * DPoP-proven session (`vaultRoutes`), which then opens the recovery shares in the frame. Adding a
 * passkey removes the user's row: from then on no server-side secret recovers that wallet.
 */
export class RecoveryVault {
  readonly #storage: Storage
  readonly #key: Buffer

  constructor(storage: Storage, key: Buffer) {
    this.#storage = storage
    this.#key = key
  }

  /** The statement that keeps (or replaces) a user's recovery secret, sealed: run it in the caller's transaction (`atomically`). */
  keep(userId: string, recoverySecret: Uint8Array) {
    const sealed = sealKey(Buffer.from(recoverySecret), { userId, kind: 'recovery-vault', secret: this.#key })
    return this.#storage.db
      .insertInto('secure_site_recovery_vault')
      .values({ user_id: userId, sealed })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ sealed }))
  }

  /** The user's recovery secret, or undefined when the vault holds none (a passkey seals the wallet, or a whole key). */
  async release(userId: string): Promise<Uint8Array | undefined> {
    const row = await this.#storage.db.selectFrom('secure_site_recovery_vault').select('sealed').where('user_id', '=', userId).executeTakeFirst()
    if (!row) return undefined
    try {
      return new Uint8Array(unsealKey(row.sealed, { userId, kind: 'recovery-vault', secret: this.#key }))
    } catch (error) {
      throw new KeyUnsealFailedError({ cause: error })
    }
  }

  /** The statement that forgets a user's recovery secret: run it in the transaction that seals the wallet under a passkey. */
  forget(userId: string) {
    return this.#storage.db.deleteFrom('secure_site_recovery_vault').where('user_id', '=', userId)
  }
}
