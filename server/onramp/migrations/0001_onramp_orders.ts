import type { Kysely } from 'kysely'
import { columnTypes, type Dialect } from '../../plugins/database/migrations/columnTypes.js'

/**
 * The on-ramp's orders.
 * Part of what was `0001_baseline` (the tables as `openDatabase` and `siwxTables` created them
 * before Kysely), written `IF NOT EXISTS`: a SQLite file from an earlier release adopts it
 * unchanged, and a database that ran `0001_baseline` (which made them already) runs it as a
 * no-op.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const type = columnTypes(dialect)
  await db.schema
    .createTable('onramp_orders')
    .ifNotExists()
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('destination', 'text', (column) => column.notNull())
    .addColumn('network', 'text', (column) => column.notNull())
    .addColumn('asset', 'text', (column) => column.notNull())
    .addColumn('amount', 'text', (column) => column.notNull())
    .addColumn('fiat_amount', 'text')
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('tx_hash', 'text')
    .addColumn('created_at', type.int64, (column) => column.notNull())
    .execute()
}
