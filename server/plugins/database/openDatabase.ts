import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { seedProjects } from '../projects/seedProjects.js'

/** The backend's SQLite handle (better-sqlite3, synchronous). */
export type LatchDatabase = Database.Database

// One schema, created idempotently: the data folder may hold a database from an earlier run.
// Names, SIWX, on-ramp orders, the history index, analytics events and wallet-session grants are the storage layer's, made by its
// migrations (server/plugins/database/migrations) in this same file unless Postgres is configured.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS projects (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  allowed_origins TEXT NOT NULL,
  features TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
`

/**
 * Opens (and migrates) the backend's database.
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
  // Seeded once, when the table is new: a project the operator deleted stays deleted.
  const hasProjects = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'projects'").get() !== undefined
  db.exec(SCHEMA)
  if (!hasProjects) seedProjects(db)
  return db
}
