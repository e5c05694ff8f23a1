import Database from 'better-sqlite3'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Kysely, SqliteDialect, sql, type Transaction } from 'kysely'
import { Leases, openStorage, redactDatabaseUrl, type DatabaseSchema } from '../plugins/database/index.js'
import { DatabaseInUseError, MasterSecretRotationRefusedError } from './masterSecretErrors.js'
import { publicKeyOf, sealKey, unsealKey } from './SqliteKeyStore.js'

/** Sessions and pending codes, which end with a rotation (refresh tokens before their sessions). */
const ENDED_WITH_THE_SECRET = ['secure_site_refresh_tokens', 'secure_site_sessions', 'secure_site_login_codes', 'secure_site_email_changes'] as const
/** Every table a rotation writes: locked on Postgres for its whole transaction. */
const ROTATED = ['secure_site_keys', 'secure_site_key_shares', ...ENDED_WITH_THE_SECRET] as const

type Rotated = (typeof ROTATED)[number]

/**
 * Re-seals the whole keys (each must then open to its row's public key) and the auth shares of
 * split keys (`SplitKeyStore`, the only shares under the master secret: recovery shares are under
 * the user's factor; a share alone gives no public key to check, so its new sealed form must open
 * to the same bytes), and ends every session and pending code. Runs inside the caller's transaction.
 */
async function reseal(db: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>, oldSecret: Buffer, newSecret: Buffer, has: (table: Rotated) => boolean): Promise<{ keys: number; shares: number }> {
  const keys = has('secure_site_keys') ? await db.selectFrom('secure_site_keys').select(['user_id', 'kind', 'public_key', 'sealed']).execute() : []
  for (const row of keys) {
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
    await db.updateTable('secure_site_keys').set({ sealed }).where('user_id', '=', row.user_id).where('kind', '=', row.kind).execute()
  }
  // secp256k1 keys' shares, and ed25519 (Solana) seeds' shares.
  const shares = has('secure_site_key_shares') ? await db.selectFrom('secure_site_key_shares').select(['user_id', 'kind', 'sealed']).where('holder', '=', 'auth').execute() : []
  for (const row of shares) {
    const at = { userId: row.user_id, kind: `${row.kind}:auth` as const }
    let plain: Buffer
    try {
      plain = unsealKey(row.sealed, { ...at, secret: oldSecret })
    } catch (error) {
      throw new MasterSecretRotationRefusedError({ reason: `the old secret does not open the ${row.kind} auth share of user ${row.user_id}`, cause: error })
    }
    const sealed = sealKey(plain, { ...at, secret: newSecret })
    if (!unsealKey(sealed, { ...at, secret: newSecret }).equals(plain)) throw new MasterSecretRotationRefusedError({ reason: `the re-sealed auth share of user ${row.user_id} does not open to itself` })
    await db.updateTable('secure_site_key_shares').set({ sealed }).where('user_id', '=', row.user_id).where('kind', '=', row.kind).where('holder', '=', 'auth').execute()
  }
  // Access tokens and code hashes are keyed by the secret and die with it; refresh tokens are
  // kept as plain hashes, so their sessions are ended here, with the pending codes, to match.
  for (const table of ENDED_WITH_THE_SECRET) if (has(table)) await db.deleteFrom(table).execute()
  return { keys: keys.length, shares: shares.length }
}

/**
 * Re-seals every key from the old master secret to the new one, in one transaction: each key is
 * opened with the old secret, sealed under the new one, and the new sealed form is opened again
 * and must give the row's public key before anything is committed. Every session and pending
 * login or email-change code is ended in the same transaction.
 *
 * In `<dataDir>/latch.sqlite` (the embedded default) the database is taken in SQLite's exclusive
 * locking mode, which fails at once while another process (a running server) has it open, and
 * keeps a server from opening it meanwhile. On Postgres (`databaseUrl`) the tables are locked for
 * the transaction, and a live lease (every running instance renews one) refuses the rotation:
 * every instance must be stopped first, or one still running would seal with the old secret.
 *
 * @param options - the data folder, the Postgres URL when the storage layer lives there, and both secrets (32 bytes each)
 * @returns how many whole keys, and how many auth shares of split keys (KEY_SHARES.md), were re-sealed
 * @throws DatabaseInUseError while a server has the database open; MasterSecretRotationRefusedError
 *   when a key does not open with the old secret, or does not round-trip; nothing is changed then
 * @example
 * const { keys } = await resealKeys({ dataDir: '.data', oldSecret, newSecret })
 */
export async function resealKeys({ dataDir, databaseUrl, oldSecret, newSecret }: { dataDir: string; databaseUrl?: string; oldSecret: Buffer; newSecret: Buffer }): Promise<{ keys: number; shares: number }> {
  if (oldSecret.equals(newSecret)) throw new MasterSecretRotationRefusedError({ reason: 'the old and new secrets are the same' })
  if (databaseUrl) return resealOnPostgres(databaseUrl, oldSecret, newSecret)
  const file = join(dataDir, 'latch.sqlite')
  if (!existsSync(file)) throw new MasterSecretRotationRefusedError({ reason: `no database at ${file}` })
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
      // Kysely on the same connection, inside the exclusive transaction: this process is its only user.
      const kysely = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: db }) })
      const has = (table: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined
      const counts = await reseal(kysely, oldSecret, newSecret, has)
      db.exec('COMMIT')
      return counts
    } catch (error) {
      db.exec('ROLLBACK')
      throw error
    }
  } finally {
    db.close()
  }
}

async function resealOnPostgres(url: string, oldSecret: Buffer, newSecret: Buffer): Promise<{ keys: number; shares: number }> {
  // Not migrated: the tables a server made, as they are (the rotation writes no new ones).
  const storage = await openStorage({ url })
  try {
    const tables = new Set((await storage.db.introspection.getTables()).map((table) => table.name))
    if (!ROTATED.every((table) => tables.has(table))) throw new MasterSecretRotationRefusedError({ reason: `no Latch tables in ${redactDatabaseUrl(url)}` })
    return await storage.db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE ${sql.join(ROTATED.map((table) => sql.table(table)))} IN EXCLUSIVE MODE`.execute(trx)
      if (await Leases.anyLive(trx)) throw new DatabaseInUseError({ file: redactDatabaseUrl(url) })
      return reseal(trx, oldSecret, newSecret, () => true)
    })
  } finally {
    await storage.close()
  }
}
