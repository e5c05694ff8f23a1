import type { LatchDatabase } from '../plugins/database/openDatabase.js'
import { oldestProjectId } from '../plugins/projects/oldestProjectId.js'

/**
 * Brings an older SQLite file's secure-site tables up to date and sets how deletes are written.
 * The tables themselves are the storage layer's (migrations 0003 and 0004, written `IF NOT EXISTS`
 * so an existing file adopts them unchanged); what is left here rewrites tables from before
 * app-scoped wallets, device-bound sessions and atomic call batches, which `IF NOT EXISTS` leaves
 * as they were. Run after `openStorage`, on the data folder's file (with `--database postgres://…`
 * that file holds none of these tables, and nothing here changes it).
 *
 * @param db - the backend's SQLite file
 */
export function createSecureSiteTables(db: LatchDatabase): void {
  // Deleted rows are overwritten, not left in free pages: a whole key split at login (or a session
  // ended) leaves no sealed copy behind in the file for a later copy of the folder to find.
  db.pragma('secure_delete = ON')
  migrateToProjectScopedUsers(db)
  addSessionBindingColumns(db)
  addAtomicBatchColumn(db)
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
  const firstProject = oldestProjectId(db) || 'latch-dev'
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
  if (sessionColumns.length === 0) return
  for (const [column, type] of [['jkt', 'TEXT'], ['project_id', 'TEXT'], ['app_origin', 'TEXT'], ['created_at', 'INTEGER']] as const)
    if (!sessionColumns.includes(column)) db.exec(`ALTER TABLE secure_site_sessions ADD COLUMN ${column} ${type}`)
}

/** Smart accounts' batches are atomic: a column added to call batches made before them. */
function addAtomicBatchColumn(db: LatchDatabase): void {
  const columns = columnsOf(db, 'secure_site_call_batches')
  if (columns.length > 0 && !columns.includes('atomic')) db.exec('ALTER TABLE secure_site_call_batches ADD COLUMN atomic INTEGER NOT NULL DEFAULT 0')
}
