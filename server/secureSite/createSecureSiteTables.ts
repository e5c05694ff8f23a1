import type { LatchDatabase } from '../storage/openDatabase.js'

// The secure site's own tables in the backend's database, created idempotently at start.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS secure_site_users (
  id TEXT PRIMARY KEY,
  email TEXT UNIQUE,
  evm_address TEXT NOT NULL,
  solana_address TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS secure_site_keys (
  user_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  public_key TEXT NOT NULL,
  sealed BLOB NOT NULL,
  PRIMARY KEY (user_id, kind)
);
CREATE TABLE IF NOT EXISTS secure_site_devices (
  email TEXT NOT NULL,
  device_id TEXT NOT NULL,
  approval_token TEXT UNIQUE,
  approval_expires_at INTEGER,
  approved_at INTEGER,
  PRIMARY KEY (email, device_id)
);
CREATE TABLE IF NOT EXISTS secure_site_codes (
  email TEXT PRIMARY KEY,
  device_id TEXT NOT NULL,
  code_hash TEXT,
  sent_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  wrong_tries INTEGER NOT NULL,
  locked_until INTEGER
);
CREATE TABLE IF NOT EXISTS secure_site_email_changes (
  user_id TEXT PRIMARY KEY,
  new_email TEXT NOT NULL,
  step TEXT NOT NULL,
  code_hash TEXT,
  sent_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  wrong_tries INTEGER NOT NULL,
  locked_until INTEGER
);
CREATE TABLE IF NOT EXISTS secure_site_call_batches (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  chain_id TEXT NOT NULL,
  tx_hashes TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS secure_site_social_logins (
  state TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  code_verifier TEXT NOT NULL,
  nonce TEXT NOT NULL,
  app_origin TEXT NOT NULL,
  login_secret_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  result_hash TEXT UNIQUE,
  user_id TEXT,
  completed_at INTEGER
);
CREATE TABLE IF NOT EXISTS secure_site_social_accounts (
  provider TEXT NOT NULL,
  issuer TEXT NOT NULL,
  subject TEXT NOT NULL,
  user_id TEXT NOT NULL UNIQUE,
  username TEXT,
  email TEXT,
  PRIMARY KEY (provider, issuer, subject)
);
CREATE TABLE IF NOT EXISTS secure_site_sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  ended_at INTEGER
);
CREATE INDEX IF NOT EXISTS secure_site_sessions_user ON secure_site_sessions (user_id);
CREATE TABLE IF NOT EXISTS secure_site_refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  session_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX IF NOT EXISTS secure_site_refresh_tokens_session ON secure_site_refresh_tokens (session_id);
`

/**
 * Creates the secure site's tables: users, their sealed keys, approved devices, pending login
 * codes (hashed), email changes in progress, wallet_sendCalls batches, social logins in progress
 * (PKCE verifier, state, nonce), social accounts (provider's issuer and subject), sessions (bound
 * to a device key) and their refresh tokens (hashed).
 *
 * @param db - the backend's database
 */
export function createSecureSiteTables(db: LatchDatabase): void {
  db.exec(SCHEMA)
  // Added after the first version of the table: approval links expire.
  const deviceColumns = db.prepare<[], { name: string }>('PRAGMA table_info(secure_site_devices)').all()
  if (!deviceColumns.some((column) => column.name === 'approval_expires_at')) db.exec('ALTER TABLE secure_site_devices ADD COLUMN approval_expires_at INTEGER')
  // Sessions bound to a device key (issue 26) came later: older rows get none, so they end at once.
  const sessionColumns = new Set(db.prepare<[], { name: string }>('PRAGMA table_info(secure_site_sessions)').all().map((column) => column.name))
  for (const [column, type] of [['jkt', 'TEXT'], ['project_id', 'TEXT'], ['app_origin', 'TEXT'], ['created_at', 'INTEGER']] as const)
    if (!sessionColumns.has(column)) db.exec(`ALTER TABLE secure_site_sessions ADD COLUMN ${column} ${type}`)
  // Social users came later and may have no email: SQLite drops NOT NULL only by rebuilding the table.
  const userColumns = db.prepare<[], { name: string; notnull: number }>('PRAGMA table_info(secure_site_users)').all()
  if (userColumns.some((column) => column.name === 'email' && column.notnull === 1))
    db.transaction(() => {
      db.exec(`CREATE TABLE secure_site_users_rebuilt (id TEXT PRIMARY KEY, email TEXT UNIQUE, evm_address TEXT NOT NULL, solana_address TEXT NOT NULL, created_at INTEGER NOT NULL);
        INSERT INTO secure_site_users_rebuilt (id, email, evm_address, solana_address, created_at) SELECT id, email, evm_address, solana_address, created_at FROM secure_site_users;
        DROP TABLE secure_site_users;
        ALTER TABLE secure_site_users_rebuilt RENAME TO secure_site_users;`)
    })()
}
