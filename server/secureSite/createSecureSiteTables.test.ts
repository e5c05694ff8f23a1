import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { openStorage } from '../plugins/database/index.js'
import { openDatabase } from '../plugins/database/openDatabase.js'
import { createSecureSiteTables } from './createSecureSiteTables.js'
import { LoginLimits } from './LoginLimits.js'
import { BACKEND_MIGRATIONS } from '../createServer.js'

// The secure site's tables as they were before app-scoped wallets (users by email alone) and
// device-bound sessions (no key, project or origin on a session).
const BEFORE_APP_SCOPED_WALLETS = `
CREATE TABLE projects (id TEXT PRIMARY KEY, name TEXT NOT NULL, allowed_origins TEXT NOT NULL, features TEXT NOT NULL, updated_at INTEGER NOT NULL);
INSERT INTO projects VALUES ('first', 'First', '[]', '{}', 1), ('second', 'Second', '[]', '{}', 2);
CREATE TABLE secure_site_users (id TEXT PRIMARY KEY, email TEXT UNIQUE, evm_address TEXT NOT NULL, solana_address TEXT NOT NULL, created_at INTEGER NOT NULL);
INSERT INTO secure_site_users VALUES ('u1', 'old@example.com', '0x01', 'So1', 1), ('u2', NULL, '0x02', 'So2', 2);
CREATE TABLE secure_site_devices (email TEXT NOT NULL, device_id TEXT NOT NULL, approval_token TEXT UNIQUE, approval_expires_at INTEGER, approved_at INTEGER, PRIMARY KEY (email, device_id));
INSERT INTO secure_site_devices VALUES ('old@example.com', 'd1', NULL, NULL, 5), ('old@example.com', 'd2', 'tok', 9, NULL);
CREATE TABLE secure_site_codes (email TEXT PRIMARY KEY, device_id TEXT NOT NULL, code_hash TEXT, sent_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, wrong_tries INTEGER NOT NULL, locked_until INTEGER);
CREATE TABLE secure_site_social_logins (state TEXT PRIMARY KEY, provider TEXT NOT NULL, code_verifier TEXT NOT NULL, nonce TEXT NOT NULL, app_origin TEXT NOT NULL, login_secret_hash TEXT NOT NULL, created_at INTEGER NOT NULL, result_hash TEXT UNIQUE, user_id TEXT, completed_at INTEGER);
CREATE TABLE secure_site_social_accounts (provider TEXT NOT NULL, issuer TEXT NOT NULL, subject TEXT NOT NULL, user_id TEXT NOT NULL UNIQUE, username TEXT, email TEXT, PRIMARY KEY (provider, issuer, subject));
INSERT INTO secure_site_social_accounts VALUES ('google', 'https://issuer', 'alice', 'u2', 'alice', NULL);
CREATE TABLE secure_site_sessions (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, expires_at INTEGER NOT NULL, ended_at INTEGER);
INSERT INTO secure_site_sessions VALUES ('s1', 'u1', 9999999999999, NULL);
`

describe('createSecureSiteTables on a database from before app-scoped wallets', () => {
  it('keeps every user, in the project created first, with their approved devices and social accounts; sessions gain their binding columns', () => {
    const db = new Database(':memory:')
    db.exec(BEFORE_APP_SCOPED_WALLETS)
    createSecureSiteTables(db)
    createSecureSiteTables(db)
    expect(db.prepare('SELECT id, project_id, email, evm_address FROM secure_site_users ORDER BY id').all()).toEqual([
      { id: 'u1', project_id: 'first', email: 'old@example.com', evm_address: '0x01' },
      { id: 'u2', project_id: 'first', email: null, evm_address: '0x02' },
    ])
    // Approved devices stay approved; a pending link (and pending codes) are dropped.
    expect(db.prepare('SELECT project_id, email, device_id, approved_at FROM secure_site_device_approvals').all()).toEqual([
      { project_id: 'first', email: 'old@example.com', device_id: 'd1', approved_at: 5 },
    ])
    expect(db.prepare('SELECT project_id, provider, subject, user_id FROM secure_site_social_accounts').all()).toEqual([{ project_id: 'first', provider: 'google', subject: 'alice', user_id: 'u2' }])
    const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").all().map((row) => row.name)
    expect(tables).not.toContain('secure_site_devices')
    expect(tables).not.toContain('secure_site_codes')
    // The same address may now be a user of another project, once per project.
    const insert = db.prepare('INSERT INTO secure_site_users (id, project_id, email, evm_address, solana_address, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    insert.run('u3', 'second', 'old@example.com', '0x03', 'So3', 3)
    expect(() => insert.run('u4', 'second', 'old@example.com', '0x04', 'So4', 4)).toThrow(/UNIQUE/)
    expect(db.prepare("SELECT name FROM pragma_table_info('secure_site_social_logins') WHERE name = 'project_id'").get()).toEqual({ name: 'project_id' })
    // An old session has no device key, so it ends at once (SessionTokens); its row stays.
    expect(db.prepare('SELECT id, user_id, jkt, project_id, app_origin FROM secure_site_sessions').all()).toEqual([{ id: 's1', user_id: 'u1', jkt: null, project_id: null, app_origin: null }])
    db.close()
  })
})

// The login tables as createSecureSiteTables made them before they moved to the storage layer.
const LOGIN_TABLES_BEFORE_THE_STORAGE_LAYER = `
CREATE TABLE secure_site_login_codes (project_id TEXT NOT NULL, email TEXT NOT NULL, device_id TEXT NOT NULL, code_hash TEXT, sent_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, PRIMARY KEY (project_id, email, device_id));
CREATE TABLE secure_site_login_failures (email TEXT NOT NULL, device_id TEXT NOT NULL, ip TEXT NOT NULL, wrong_tries INTEGER NOT NULL, last_at INTEGER NOT NULL, locked_until INTEGER, PRIMARY KEY (email, device_id, ip));
CREATE TABLE secure_site_email_events (email TEXT NOT NULL, kind TEXT NOT NULL, at INTEGER NOT NULL);
CREATE INDEX secure_site_email_events_by_email ON secure_site_email_events (email, kind, at);
CREATE TABLE secure_site_social_logins (state TEXT PRIMARY KEY, project_id TEXT, provider TEXT NOT NULL, code_verifier TEXT NOT NULL, nonce TEXT NOT NULL, app_origin TEXT NOT NULL, login_secret_hash TEXT NOT NULL, created_at INTEGER NOT NULL, result_hash TEXT UNIQUE, user_id TEXT, completed_at INTEGER);
`

describe('a SQLite file whose login tables predate the storage layer', () => {
  it('adopts their migration unchanged: codes, wrong codes, mail events and social logins stay, and counting goes on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'latch-adopt-logins-'))
    const now = Date.now()
    try {
      const old = new Database(join(dir, 'latch.sqlite'))
      old.exec(LOGIN_TABLES_BEFORE_THE_STORAGE_LAYER)
      old.prepare('INSERT INTO secure_site_login_codes VALUES (?, ?, ?, ?, ?, ?)').run('latch-dev', 'a@example.com', 'd1', 'hash', now, now + 600_000)
      old.prepare('INSERT INTO secure_site_login_failures VALUES (?, ?, ?, ?, ?, NULL)').run('a@example.com', 'd1', '203.0.113.7', 2, now)
      old.prepare('INSERT INTO secure_site_email_events VALUES (?, ?, ?)').run('a@example.com', 'mail', now)
      old.prepare('INSERT INTO secure_site_social_logins (state, project_id, provider, code_verifier, nonce, app_origin, login_secret_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run('s1', 'latch-dev', 'google', 'v', 'n', 'https://app.example', 'h', now)
      old.close()
      // As startBackend opens it: the storage layer first, then the secure site's tables.
      const file = openDatabase(dir)
      const storage = await openStorage({ sqlite: file, migrations: BACKEND_MIGRATIONS })
      createSecureSiteTables(file)
      expect(await storage.db.selectFrom('secure_site_login_codes').select(['email', 'code_hash']).execute()).toEqual([{ email: 'a@example.com', code_hash: 'hash' }])
      expect(await storage.db.selectFrom('secure_site_email_events').select(['kind', 'at']).execute()).toEqual([{ kind: 'mail', at: now }])
      expect(await storage.db.selectFrom('secure_site_social_logins').select(['state', 'project_id']).execute()).toEqual([{ state: 's1', project_id: 'latch-dev' }])
      expect(await new LoginLimits(storage).recordWrongCode({ email: 'a@example.com', deviceId: 'd1', ip: '203.0.113.7' }, now + 1)).toBe(2)
      await storage.close()
      file.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

// The account tables as createSecureSiteTables, SmartAccounts and SponsorshipQuota made them before they moved to the storage layer.
const ACCOUNT_TABLES_BEFORE_THE_STORAGE_LAYER = `
CREATE TABLE secure_site_users (id TEXT PRIMARY KEY, project_id TEXT NOT NULL, email TEXT, evm_address TEXT NOT NULL, solana_address TEXT NOT NULL, created_at INTEGER NOT NULL, UNIQUE (project_id, email));
CREATE TABLE secure_site_keys (user_id TEXT NOT NULL, kind TEXT NOT NULL, public_key TEXT NOT NULL, sealed BLOB NOT NULL, PRIMARY KEY (user_id, kind));
CREATE TABLE secure_site_key_shares (user_id TEXT NOT NULL, kind TEXT NOT NULL, holder TEXT NOT NULL, public_key TEXT NOT NULL, sealed BLOB NOT NULL, PRIMARY KEY (user_id, kind, holder));
CREATE TABLE secure_site_recovery_vault (user_id TEXT PRIMARY KEY, sealed BLOB NOT NULL);
CREATE TABLE secure_site_passkeys (credential_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, public_key BLOB NOT NULL, counter INTEGER NOT NULL, transports TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE INDEX secure_site_passkeys_user ON secure_site_passkeys (user_id);
CREATE TABLE secure_site_device_approvals (project_id TEXT NOT NULL, email TEXT NOT NULL, device_id TEXT NOT NULL, approval_token TEXT UNIQUE, approval_expires_at INTEGER, approved_at INTEGER, requested_at INTEGER, app_origin TEXT, device TEXT, ip TEXT, PRIMARY KEY (project_id, email, device_id));
CREATE TABLE secure_site_email_changes (user_id TEXT PRIMARY KEY, new_email TEXT NOT NULL, step TEXT NOT NULL, code_hash TEXT, sent_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, wrong_tries INTEGER NOT NULL, locked_until INTEGER);
CREATE TABLE secure_site_call_batches (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, chain_id TEXT NOT NULL, tx_hashes TEXT NOT NULL, created_at INTEGER NOT NULL, atomic INTEGER NOT NULL DEFAULT 0);
CREATE TABLE secure_site_social_accounts (project_id TEXT NOT NULL, provider TEXT NOT NULL, issuer TEXT NOT NULL, subject TEXT NOT NULL, user_id TEXT NOT NULL UNIQUE, username TEXT, email TEXT, PRIMARY KEY (project_id, provider, issuer, subject));
CREATE TABLE secure_site_sessions (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, expires_at INTEGER NOT NULL, ended_at INTEGER, jkt TEXT, project_id TEXT, app_origin TEXT, created_at INTEGER);
CREATE INDEX secure_site_sessions_user ON secure_site_sessions (user_id);
CREATE TABLE secure_site_refresh_tokens (token_hash TEXT PRIMARY KEY, session_id TEXT NOT NULL, created_at INTEGER NOT NULL, used_at INTEGER);
CREATE INDEX secure_site_refresh_tokens_session ON secure_site_refresh_tokens (session_id);
CREATE TABLE secure_site_account_types (user_id TEXT NOT NULL, chain_id TEXT NOT NULL, type TEXT NOT NULL CHECK (type IN ('eoa', 'smartAccount')), PRIMARY KEY (user_id, chain_id));
CREATE TABLE secure_site_sponsored_operations (user_id TEXT NOT NULL, day INTEGER NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (user_id, day));
`
const ACCOUNT_TABLES = [...ACCOUNT_TABLES_BEFORE_THE_STORAGE_LAYER.matchAll(/CREATE TABLE (\w+)/g)].map((match) => match[1]!)

describe('a SQLite file whose account tables predate the storage layer', () => {
  it('adopts their migration unchanged: the same columns as a new file, and its users and sessions stay', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'latch-adopt-accounts-'))
    const columns = (file: Database.Database) => Object.fromEntries(ACCOUNT_TABLES.map((table) => [table, file.prepare(`PRAGMA table_info(${table})`).all()]))
    try {
      const old = new Database(join(dir, 'latch.sqlite'))
      old.exec(ACCOUNT_TABLES_BEFORE_THE_STORAGE_LAYER)
      old.prepare('INSERT INTO secure_site_users VALUES (?, ?, ?, ?, ?, ?)').run('u1', 'latch-dev', 'a@example.com', '0x01', 'So1', 1)
      old.prepare('INSERT INTO secure_site_sessions (id, user_id, expires_at, jkt) VALUES (?, ?, ?, ?)').run('s1', 'u1', 9, 'key')
      const before = columns(old)
      old.close()
      const file = openDatabase(dir)
      const storage = await openStorage({ sqlite: file, migrations: BACKEND_MIGRATIONS })
      createSecureSiteTables(file)
      expect(columns(file)).toEqual(before)
      expect(await storage.db.selectFrom('secure_site_users').select(['id', 'email']).execute()).toEqual([{ id: 'u1', email: 'a@example.com' }])
      expect(await storage.db.selectFrom('secure_site_sessions').select(['id', 'jkt']).execute()).toEqual([{ id: 's1', jkt: 'key' }])
      // A new file gets the same columns from the migration alone.
      const fresh = new Database(':memory:')
      await openStorage({ sqlite: fresh as never, migrations: BACKEND_MIGRATIONS })
      const made = columns(fresh)
      expect(Object.fromEntries(Object.entries(made).map(([table, list]) => [table, (list as Array<{ name: string; notnull: number; pk: number }>).map(({ name, notnull, pk }) => ({ name, notnull, pk }))]))).toEqual(
        Object.fromEntries(Object.entries(before).map(([table, list]) => [table, (list as Array<{ name: string; notnull: number; pk: number }>).map(({ name, notnull, pk }) => ({ name, notnull, pk }))])),
      )
      fresh.close()
      await storage.close()
      file.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
