import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import type { LatchDatabase } from './openDatabase.js'
import { DatabaseMigrationFailedError, DatabaseUrlInvalidError } from './errors.js'
import type { DatabaseSchema } from './DatabaseSchema.js'
import { migrationProvider, type FeatureMigrations } from './migrations/migrationProvider.js'
import type { Dialect } from './migrations/columnTypes.js'

/** The storage layer: one Kysely instance over SQLite (embedded) or Postgres. */
export interface Storage {
  db: Kysely<DatabaseSchema>
  dialect: Dialect
  /** Where the tables live, for the start-up log: the SQLite file, or the URL without its password. */
  location: string
  /** On SQLite, the raw handle under `db`: `atomically` runs a transaction's statements on it in one synchronous stretch. */
  sqlite?: LatchDatabase
  /** On Postgres, the URL it was opened with: for a dedicated connection outside the pool (`LISTEN`). */
  postgresUrl?: string
  /** Ends the Postgres pool; on SQLite the raw handle's owner closes the file. */
  close(): Promise<void>
}

/** Connections per instance: four instances stay well inside Postgres' default 100. */
const POOL_SIZE = 10
const INT8 = 20

/** pg reads BIGINT as text; our BIGINTs are milliseconds and counts, below 2^53. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
}

/** A URL for logs: the password replaced by `***`. */
export function redactDatabaseUrl(url: string): string {
  if (!URL.canParse(url)) return '(unreadable URL)'
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}

/**
 * Opens the storage layer and brings its tables up to date with Kysely's `Migrator` (which holds
 * an advisory lock on Postgres, so instances starting together migrate once).
 *
 * @param options.url - `postgres://…` for a shared database; absent for the embedded default
 * @param options.sqlite - the backend's SQLite handle: without a URL the same file (same
 *   connection) holds these tables beside the ones still reached through raw better-sqlite3;
 *   needed only without a URL (a tool on Postgres, like the master secret rotation, has none)
 * @param options.sqliteLocation - the SQLite file's path, for the log
 * @param options.migrations - every feature's migrations (`BACKEND_MIGRATIONS` in createServer);
 *   absent, the tables are taken as they are (a tool on a database a server made)
 * @throws DatabaseUrlInvalidError for a URL of another kind; DatabaseMigrationFailedError
 * @example
 * const storage = await openStorage({ url: process.env.DATABASE_URL, sqlite: openDatabase('.data'), migrations: BACKEND_MIGRATIONS })
 */
export async function openStorage(options: { url?: string; sqlite?: LatchDatabase; sqliteLocation?: string; migrations?: readonly FeatureMigrations[] }): Promise<Storage> {
  if (!options.url && !options.sqlite) throw new Error('openStorage: neither a Postgres URL nor a SQLite handle')
  const storage = options.url ? openPostgres(options.url) : openSqlite(options.sqlite!, options.sqliteLocation ?? ':memory:')
  const migrations = options.migrations
  if (!migrations) return storage
  try {
    await (options.url ? migrate(storage, migrations) : migrateSqlite(storage, options.sqlite!, migrations))
  } catch (error) {
    await storage.close()
    throw error
  }
  return storage
}

/** Per SQLite handle, the migration running: one at a time within a process. */
const sqliteMigrations = new WeakMap<LatchDatabase, Promise<void>>()

/**
 * Kysely's migration lock is a no-op on SQLite (it assumes one connection), so two processes
 * starting on one file could both migrate. `BEGIN IMMEDIATE` takes the file's write lock first
 * (the other process waits for it, up to better-sqlite3's busy timeout), then the migrator runs
 * inside that transaction and sees what the other one committed.
 */
function migrateSqlite(storage: Storage, handle: LatchDatabase, migrations: readonly FeatureMigrations[]): Promise<void> {
  const run = (sqliteMigrations.get(handle) ?? Promise.resolve())
    .catch(() => undefined)
    .then(async () => {
      handle.exec('BEGIN IMMEDIATE')
      try {
        await migrate(storage, migrations, true)
        handle.exec('COMMIT')
      } catch (error) {
        if (handle.inTransaction) handle.exec('ROLLBACK')
        throw error
      }
    })
  sqliteMigrations.set(handle, run)
  return run
}

function openSqlite(database: LatchDatabase, location: string): Storage {
  // Never destroyed: Kysely's SQLite driver would close the handle the rest of the server shares.
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database }) })
  return { db, dialect: 'sqlite', location, sqlite: database, close: async () => undefined }
}

function openPostgres(url: string): Storage {
  if (!/^postgres(ql)?:\/\//.test(url) || !URL.canParse(url)) throw new DatabaseUrlInvalidError({ url: redactDatabaseUrl(url) })
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, types })
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) })
  return { db, dialect: 'postgres', location: redactDatabaseUrl(url), postgresUrl: url, close: () => db.destroy() }
}

async function migrate(storage: Storage, migrations: readonly FeatureMigrations[], disableTransactions = false): Promise<void> {
  // Unordered: a feature's migration named before one a database already ran (a step split out of
  // an older one, `IF NOT EXISTS`) still runs there.
  const provider = migrationProvider(storage.dialect, migrations)
  const migrator = new Migrator({ db: storage.db, provider, disableTransactions, allowUnorderedMigrations: true })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw new DatabaseMigrationFailedError({ location: storage.location, migration: results?.find((result) => result.status === 'Error')?.migrationName, cause: error })
}
