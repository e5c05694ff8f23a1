import { sql, type Kysely } from 'kysely'
import { columnTypes, type Dialect } from '../../plugins/database/migrations/columnTypes.js'

/**
 * Sign-in with X: the nonces, the sessions and the token key.
 * Part of what was `0001_baseline` (the tables as `openDatabase` and `siwxTables` created them
 * before Kysely), written `IF NOT EXISTS`: a SQLite file from an earlier release adopts it
 * unchanged, and a database that ran `0001_baseline` (which made them already) runs it as a
 * no-op.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const type = columnTypes(dialect)
  await db.schema
    .createTable('siwx_nonces')
    .ifNotExists()
    .addColumn('nonce', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('expires_at', type.int64, (column) => column.notNull())
    .addColumn('used_at', type.int64)
    .execute()
  await db.schema
    .createTable('siwx_sessions')
    .ifNotExists()
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('chain_id', 'text', (column) => column.notNull())
    .addColumn('address', 'text', (column) => column.notNull())
    .addColumn('domain', 'text', (column) => column.notNull())
    .addColumn('uri', 'text', (column) => column.notNull())
    .addColumn('nonce', 'text', (column) => column.notNull().unique())
    .addColumn('issued_at', 'text', (column) => column.notNull())
    .addColumn('expiration_time', 'text')
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('signature', 'text', (column) => column.notNull())
    .addColumn('created_at', type.int64, (column) => column.notNull())
    .addColumn('expires_at', type.int64, (column) => column.notNull())
    .execute()
  await db.schema.createIndex('siwx_sessions_by_account').ifNotExists().on('siwx_sessions').columns(['project_id', 'chain_id', 'address']).execute()
  await db.schema
    .createTable('siwx_keys')
    .ifNotExists()
    .addColumn('id', type.integer, (column) => column.primaryKey().check(sql`id = 1`))
    .addColumn('secret', type.bytes, (column) => column.notNull())
    .execute()
}
