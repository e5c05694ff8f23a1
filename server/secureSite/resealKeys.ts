import Database from 'better-sqlite3'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseInUseError, MasterSecretRotationRefusedError } from '../errors/masterSecret.js'
import { publicKeyOf, sealKey, unsealKey, type KeyKind } from './SqliteKeyStore.js'

/** Sessions and pending codes, which end with a rotation (refresh tokens before their sessions). */
const ENDED_WITH_THE_SECRET = ['secure_site_refresh_tokens', 'secure_site_sessions', 'secure_site_login_codes', 'secure_site_email_changes']

/**
 * Re-seals the auth shares of split keys (`SplitKeyStore`), the only shares under the master
 * secret (recovery shares are under the user's factor). A share alone gives no public key to
 * check, so the new sealed form must open to the same bytes.
 */
function resealAuthShares(db: Database.Database, oldSecret: Buffer, newSecret: Buffer): number {
  if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'secure_site_key_shares'").get() === undefined) return 0
  // secp256k1 keys' shares, and ed25519 (Solana) seeds' shares.
  const rows = db.prepare<[], { user_id: string; kind: KeyKind; sealed: Buffer }>("SELECT user_id, kind, sealed FROM secure_site_key_shares WHERE holder = 'auth'").all()
  const update = db.prepare("UPDATE secure_site_key_shares SET sealed = ? WHERE user_id = ? AND kind = ? AND holder = 'auth'")
  for (const row of rows) {
    const at = { userId: row.user_id, kind: `${row.kind}:auth` as const }
    let plain: Buffer
    try {
      plain = unsealKey(row.sealed, { ...at, secret: oldSecret })
    } catch (error) {
      throw new MasterSecretRotationRefusedError({ reason: `the old secret does not open the ${row.kind} auth share of user ${row.user_id}`, cause: error })
    }
    const sealed = sealKey(plain, { ...at, secret: newSecret })
    if (!unsealKey(sealed, { ...at, secret: newSecret }).equals(plain)) throw new MasterSecretRotationRefusedError({ reason: `the re-sealed auth share of user ${row.user_id} does not open to itself` })
    update.run(sealed, row.user_id, row.kind)
  }
  return rows.length
}

/**
 * Re-seals every key in `<dataDir>/latch.sqlite` from the old master secret to the new one, in one
 * transaction: each key is opened with the old secret, sealed under the new one, and the new
 * sealed form is opened again and must give the row's public key before anything is committed.
 * Every session and pending login or email-change code is ended in the same transaction.
 * The database is taken in SQLite's exclusive locking mode, which fails at once while another
 * process (a running server) has it open, and keeps a server from opening it meanwhile.
 *
 * @param options - the data folder and both secrets (32 bytes each)
 * @returns how many whole keys, and how many auth shares of split keys (KEY_SHARES.md), were re-sealed
 * @throws DatabaseInUseError while a server has the database open; MasterSecretRotationRefusedError
 *   when a key does not open with the old secret, or does not round-trip; nothing is changed then
 * @example
 * const { keys } = resealKeys({ dataDir: '.data', oldSecret, newSecret })
 */
export function resealKeys({ dataDir, oldSecret, newSecret }: { dataDir: string; oldSecret: Buffer; newSecret: Buffer }): { keys: number; shares: number } {
  const file = join(dataDir, 'latch.sqlite')
  if (!existsSync(file)) throw new MasterSecretRotationRefusedError({ reason: `no database at ${file}` })
  if (oldSecret.equals(newSecret)) throw new MasterSecretRotationRefusedError({ reason: 'the old and new secrets are the same' })
  // timeout 0: a busy database is an answer (a server has it), not something to wait for.
  const db = new Database(file, { timeout: 0 })
  try {
    db.pragma('locking_mode = EXCLUSIVE')
    try {
      db.exec('BEGIN EXCLUSIVE')
    } catch (error) {
      throw new DatabaseInUseError({ file, cause: error })
    }
    try {
      const hasKeys = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'secure_site_keys'").get() !== undefined
      const rows = hasKeys ? db.prepare<[], { user_id: string; kind: KeyKind; public_key: string; sealed: Buffer }>('SELECT user_id, kind, public_key, sealed FROM secure_site_keys').all() : []
      const update = db.prepare('UPDATE secure_site_keys SET sealed = ? WHERE user_id = ? AND kind = ?')
      for (const row of rows) {
        const at = { userId: row.user_id, kind: row.kind }
        let plain: Buffer
        try {
          plain = unsealKey(row.sealed, { ...at, secret: oldSecret })
        } catch (error) {
          throw new MasterSecretRotationRefusedError({ reason: `the old secret does not open the ${row.kind} key of user ${row.user_id}`, cause: error })
        }
        const sealed = sealKey(plain, { ...at, secret: newSecret })
        if (publicKeyOf(row.kind, unsealKey(sealed, { ...at, secret: newSecret })) !== row.public_key)
          throw new MasterSecretRotationRefusedError({ reason: `the re-sealed ${row.kind} key of user ${row.user_id} does not give its public key ${row.public_key}` })
        update.run(sealed, row.user_id, row.kind)
      }
      const shares = resealAuthShares(db, oldSecret, newSecret)
      // Access tokens and code hashes are keyed by the secret and die with it; refresh tokens are
      // kept as plain hashes, so their sessions are ended here, with the pending codes, to match.
      for (const table of ENDED_WITH_THE_SECRET)
        if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined) db.exec(`DELETE FROM ${table}`)
      db.exec('COMMIT')
      return { keys: rows.length, shares }
    } catch (error) {
      db.exec('ROLLBACK')
      throw error
    }
  } finally {
    db.close()
  }
}
