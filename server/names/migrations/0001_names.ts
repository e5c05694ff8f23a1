import type { Kysely } from 'kysely'
import { columnTypes, type Dialect } from '../../plugins/database/migrations/columnTypes.js'

/**
 * The registered names (`/v1/profile/*`).
 * Part of what was `0001_baseline` (the tables as `openDatabase` and `siwxTables` created them
 * before Kysely), written `IF NOT EXISTS`: a SQLite file from an earlier release adopts it
 * unchanged, and a database that ran `0001_baseline` (which made them already) runs it as a
 * no-op.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const type = columnTypes(dialect)
  await db.schema
    .createTable('names')
    .ifNotExists()
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('address', 'text', (column) => column.notNull())
    .addColumn('coin_type', type.int64, (column) => column.notNull())
    .addColumn('chain_id', 'text', (column) => column.notNull())
    .addColumn('attributes', 'text', (column) => column.notNull())
    .addColumn('created_at', type.int64, (column) => column.notNull())
    .execute()
  await db.schema.createIndex('names_by_address').ifNotExists().on('names').column('address').execute()
}
