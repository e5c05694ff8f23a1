import type { Kysely } from 'kysely'
import { columnTypes, type Dialect } from '../../plugins/database/migrations/columnTypes.js'

/**
 * The secure site's logins in progress move to the storage layer (issue 28): their wrong-code
 * count and one-time social result are one conditional statement each, atomic on any database.
 * Written `IF NOT EXISTS` exactly as `createSecureSiteTables` made them, so an existing SQLite
 * file adopts this migration unchanged (an old `secure_site_social_logins` without `project_id`
 * still gains it there).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const type = columnTypes(dialect)
  await db.schema
    .createTable('secure_site_login_codes')
    .ifNotExists()
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('device_id', 'text', (column) => column.notNull())
    .addColumn('code_hash', 'text')
    .addColumn('sent_at', type.int64, (column) => column.notNull())
    .addColumn('expires_at', type.int64, (column) => column.notNull())
    .addPrimaryKeyConstraint('secure_site_login_codes_pkey', ['project_id', 'email', 'device_id'])
    .execute()

  await db.schema
    .createTable('secure_site_login_failures')
    .ifNotExists()
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('device_id', 'text', (column) => column.notNull())
    .addColumn('ip', 'text', (column) => column.notNull())
    .addColumn('wrong_tries', type.integer, (column) => column.notNull())
    .addColumn('last_at', type.int64, (column) => column.notNull())
    .addColumn('locked_until', type.int64)
    .addPrimaryKeyConstraint('secure_site_login_failures_pkey', ['email', 'device_id', 'ip'])
    .execute()

  await db.schema
    .createTable('secure_site_email_events')
    .ifNotExists()
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('at', type.int64, (column) => column.notNull())
    .execute()
  await db.schema.createIndex('secure_site_email_events_by_email').ifNotExists().on('secure_site_email_events').columns(['email', 'kind', 'at']).execute()

  await db.schema
    .createTable('secure_site_social_logins')
    .ifNotExists()
    .addColumn('state', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text')
    .addColumn('provider', 'text', (column) => column.notNull())
    .addColumn('code_verifier', 'text', (column) => column.notNull())
    .addColumn('nonce', 'text', (column) => column.notNull())
    .addColumn('app_origin', 'text', (column) => column.notNull())
    .addColumn('login_secret_hash', 'text', (column) => column.notNull())
    .addColumn('created_at', type.int64, (column) => column.notNull())
    .addColumn('result_hash', 'text', (column) => column.unique())
    .addColumn('user_id', 'text')
    .addColumn('completed_at', type.int64)
    .execute()
}
