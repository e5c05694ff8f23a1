import type { LatchDatabase } from '../plugins/database/openDatabase.js'

// The secure site's own tables in the backend's SQLite file, created idempotently at start. Login
// codes, wrong-code counts, the hourly caps' events and social logins in progress live in the
// storage layer instead (server/plugins/database/migrations/0003_secure_site_logins.ts).
const SCHEMA = `
CREATE TABLE IF NOT EXISTS secure_site_users (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  email TEXT,
  evm_address TEXT NOT NULL,
  solana_address TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (project_id, email)
);
CREATE TABLE IF NOT EXISTS secure_site_keys (
  user_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  public_key TEXT NOT NULL,
  sealed BLOB NOT NULL,
  PRIMARY KEY (user_id, kind)
);
-- A key kept in shares (KEY_SHARES.md) has no secure_site_keys row: only the server's auth share
-- (sealed under the master secret) and the recovery share (sealed under the user's recovery secret).
CREATE TABLE IF NOT EXISTS secure_site_key_shares (
  user_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  holder TEXT NOT NULL,
  public_key TEXT NOT NULL,
  sealed BLOB NOT NULL,
  PRIMARY KEY (user_id, kind, holder)
);
-- Automatic recovery (recoveryVault/RecoveryVault.ts): a split key's recovery secret, sealed under
-- the recovery vault key (not the master secret); no row once a passkey seals the wallet.
CREATE TABLE IF NOT EXISTS secure_site_recovery_vault (
  user_id TEXT PRIMARY KEY,
  sealed BLOB NOT NULL
);
-- Passkeys registered on the secure site (passkeys/Passkeys.ts): WebAuthn credentials, public keys
-- only. Once one exists, the user's recovery share row has holder 'passkey' (sealed under a
-- secret kept in the passkey's largeBlob) instead of 'recovery'.
CREATE TABLE IF NOT EXISTS secure_site_passkeys (
  credential_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  public_key BLOB NOT NULL,
  counter INTEGER NOT NULL,
  transports TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS secure_site_passkeys_user ON secure_site_passkeys (user_id);
CREATE TABLE IF NOT EXISTS secure_site_device_approvals (
  project_id TEXT NOT NULL,
  email TEXT NOT NULL,
  device_id TEXT NOT NULL,
  approval_token TEXT UNIQUE,
  approval_expires_at INTEGER,
  approved_at INTEGER,
  requested_at INTEGER,
  app_origin TEXT,
  device TEXT,
  ip TEXT,
  PRIMARY KEY (project_id, email, device_id)
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
CREATE TABLE IF NOT EXISTS secure_site_social_accounts (
  project_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  issuer TEXT NOT NULL,
  subject TEXT NOT NULL,
  user_id TEXT NOT NULL UNIQUE,
  username TEXT,
  email TEXT,
  PRIMARY KEY (project_id, provider, issuer, subject)
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
 * Creates the secure site's tables: users (one per project and email, or project and social
 * account), their sealed keys, approved devices, email changes in progress, wallet_sendCalls
 * batches, social accounts (provider's issuer and subject), sessions (bound
 * to a device key, a project and an app origin) and their refresh tokens (hashed).
 * An older database is migrated in place (`migrateToProjectScopedUsers`).
 *
 * @param db - the backend's database
 */
export function createSecureSiteTables(db: LatchDatabase): void {
  // Deleted rows are overwritten, not left in free pages: a whole key split at login (or a session
  // ended) leaves no sealed copy behind in the file for a later copy of the folder to find.
  db.pragma('secure_delete = ON')
  // Old tables are rebuilt before SCHEMA runs: its CREATE IF NOT EXISTS leaves them as they are.
  migrateToProjectScopedUsers(db)
  db.exec(SCHEMA)
  addSessionBindingColumns(db)
}

const columnsOf = (db: LatchDatabase, table: string) => db.prepare<[], { name: string }>(`PRAGMA table_info(${table})`).all().map((column) => column.name)

/**
 * Databases from before app-scoped wallets keyed users by email alone (and social accounts by
 * provider account alone). Their users are kept, and given to the project created first (the
 * seeded `latch-dev` in every database this backend made): in a one-project deployment every
 * wallet stays where it was; with several projects the others' users get new wallets, since no
 * record says which project an old user came from. Approved devices follow their users; pending
 * codes (10 minutes at most) are dropped.
 */
function migrateToProjectScopedUsers(db: LatchDatabase): void {
  const userColumns = columnsOf(db, 'secure_site_users')
  const socialColumns = columnsOf(db, 'secure_site_social_accounts')
  const deviceColumns = columnsOf(db, 'secure_site_devices')
  const loginColumns = columnsOf(db, 'secure_site_social_logins')
  const hasProjects = columnsOf(db, 'projects').length > 0
  const firstProject = (hasProjects && db.prepare<[], { id: string }>('SELECT id FROM projects ORDER BY rowid LIMIT 1').get()?.id) || 'latch-dev'
  db.transaction(() => {
    if (userColumns.length > 0 && !userColumns.includes('project_id')) {
      db.exec(`CREATE TABLE secure_site_users_scoped (id TEXT PRIMARY KEY, project_id TEXT NOT NULL, email TEXT, evm_address TEXT NOT NULL, solana_address TEXT NOT NULL, created_at INTEGER NOT NULL, UNIQUE (project_id, email));`)
      db.prepare('INSERT INTO secure_site_users_scoped (id, project_id, email, evm_address, solana_address, created_at) SELECT id, ?, email, evm_address, solana_address, created_at FROM secure_site_users').run(firstProject)
      db.exec('DROP TABLE secure_site_users; ALTER TABLE secure_site_users_scoped RENAME TO secure_site_users;')
    }
    if (socialColumns.length > 0 && !socialColumns.includes('project_id')) {
      db.exec(`CREATE TABLE secure_site_social_accounts_scoped (project_id TEXT NOT NULL, provider TEXT NOT NULL, issuer TEXT NOT NULL, subject TEXT NOT NULL, user_id TEXT NOT NULL UNIQUE, username TEXT, email TEXT, PRIMARY KEY (project_id, provider, issuer, subject));`)
      db.prepare('INSERT INTO secure_site_social_accounts_scoped SELECT ?, provider, issuer, subject, user_id, username, email FROM secure_site_social_accounts').run(firstProject)
      db.exec('DROP TABLE secure_site_social_accounts; ALTER TABLE secure_site_social_accounts_scoped RENAME TO secure_site_social_accounts;')
    }
    if (deviceColumns.length > 0) {
      db.exec(`CREATE TABLE IF NOT EXISTS secure_site_device_approvals (project_id TEXT NOT NULL, email TEXT NOT NULL, device_id TEXT NOT NULL, approval_token TEXT UNIQUE, approval_expires_at INTEGER, approved_at INTEGER, requested_at INTEGER, app_origin TEXT, device TEXT, ip TEXT, PRIMARY KEY (project_id, email, device_id));`)
      db.prepare('INSERT OR IGNORE INTO secure_site_device_approvals (project_id, email, device_id, approved_at) SELECT ?, email, device_id, approved_at FROM secure_site_devices WHERE approved_at IS NOT NULL').run(firstProject)
      db.exec('DROP TABLE secure_site_devices; DROP TABLE IF EXISTS secure_site_codes;')
    }
    // Pending social logins live 10 minutes: a column is enough, old rows simply fail to finish.
    if (loginColumns.length > 0 && !loginColumns.includes('project_id')) db.exec('ALTER TABLE secure_site_social_logins ADD COLUMN project_id TEXT')
  })()
}

/** Sessions bound to a device key (issue 26) came later: older rows get none, so they end at once. */
function addSessionBindingColumns(db: LatchDatabase): void {
  const sessionColumns = columnsOf(db, 'secure_site_sessions')
  for (const [column, type] of [['jkt', 'TEXT'], ['project_id', 'TEXT'], ['app_origin', 'TEXT'], ['created_at', 'INTEGER']] as const)
    if (!sessionColumns.includes(column)) db.exec(`ALTER TABLE secure_site_sessions ADD COLUMN ${column} ${type}`)
}
