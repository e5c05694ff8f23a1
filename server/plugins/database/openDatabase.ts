import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'

/** The backend's SQLite handle (better-sqlite3, synchronous). */
export type LatchDatabase = Database.Database

/**
 * Opens the backend's SQLite file: the embedded default's storage. Every table is the storage
 * layer's, made by each feature's migrations (`BACKEND_MIGRATIONS`) in this same file unless
 * Postgres is configured; the secure site still adds its own here (createSecureSiteTables).
 *
 * @param dataDir - a folder for `latch.sqlite`, or `':memory:'` for tests
 * @returns the open database; close it with `db.close()`
 */
export function openDatabase(dataDir: string): LatchDatabase {
  let file = ':memory:'
  if (dataDir !== ':memory:') {
    mkdirSync(dataDir, { recursive: true })
    file = join(dataDir, 'latch.sqlite')
  }
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  return db
}
