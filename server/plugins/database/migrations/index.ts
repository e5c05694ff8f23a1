import type { Kysely, Migration, MigrationProvider } from 'kysely'
import type { Dialect } from './columnTypes.js'
import * as baseline from './0001_baseline.js'
import * as leases from './0002_leases.js'
import * as secureSiteLogins from './0003_secure_site_logins.js'
import * as secureSiteAccounts from './0004_secure_site_accounts.js'
import * as relayMessages from './0006_relay_messages.js'
import * as projects from './0007_projects.js'
import * as analyticsEvents from './0008_analytics_events.js'
import * as walletSessions from './0009_wallet_sessions.js'
import * as historyLogCursors from './0010_history_log_cursors.js'

/** Every migration, in order of their names; each is told which database it writes for. */
const STEPS: Record<string, { up(db: Kysely<unknown>, dialect: Dialect): Promise<void> }> = {
  '0001_baseline': baseline,
  '0002_leases': leases,
  '0003_secure_site_logins': secureSiteLogins,
  '0004_secure_site_accounts': secureSiteAccounts,
  '0006_relay_messages': relayMessages,
  '0007_projects': projects,
  '0008_analytics_events': analyticsEvents,
  '0009_wallet_sessions': walletSessions,
  '0010_history_log_cursors': historyLogCursors,
}

/**
 * The migrations as Kysely's `Migrator` reads them: listed here rather than read from a folder,
 * so they bundle and type-check like any other module.
 */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations() {
      const migrations: Record<string, Migration> = {}
      for (const [name, step] of Object.entries(STEPS)) migrations[name] = { up: (db) => step.up(db, dialect) }
      return migrations
    },
  }
}
