import { randomBytes } from 'node:crypto'
import type { LatchDatabase } from '../storage/openDatabase.js'

// Sign-in-with-wallet state in the backend's database, created idempotently at start: a restart
// (same data folder) keeps the sessions, and the key their tokens are signed with.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS siwx_nonces (
  nonce TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE TABLE IF NOT EXISTS siwx_sessions (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  chain_id TEXT NOT NULL,
  address TEXT NOT NULL,
  domain TEXT NOT NULL,
  uri TEXT NOT NULL,
  nonce TEXT NOT NULL UNIQUE,
  issued_at TEXT NOT NULL,
  expiration_time TEXT,
  message TEXT NOT NULL,
  signature TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS siwx_sessions_by_account ON siwx_sessions (project_id, chain_id, address);
CREATE TABLE IF NOT EXISTS siwx_keys (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  secret BLOB NOT NULL
);
`

/** One stored sign-in session: what was signed, by whom, and until when (ms). */
export interface SiwxSessionRow {
  id: string
  project_id: string
  chain_id: string
  address: string
  domain: string
  uri: string
  nonce: string
  issued_at: string
  expiration_time: string | null
  message: string
  signature: string
  created_at: number
  expires_at: number
}

/**
 * Creates the sign-in tables (nonces, sessions, the token key) and returns the key session
 * tokens are signed with: made once, then read back on every start.
 *
 * @param db - the backend's database
 * @returns the 32-byte HS256 key of the session tokens
 */
export function createSiwxTables(db: LatchDatabase): Uint8Array {
  db.exec(SCHEMA)
  db.prepare('INSERT OR IGNORE INTO siwx_keys (id, secret) VALUES (1, ?)').run(randomBytes(32))
  const row = db.prepare<[], { secret: Buffer }>('SELECT secret FROM siwx_keys WHERE id = 1').get()
  return new Uint8Array(row!.secret)
}
