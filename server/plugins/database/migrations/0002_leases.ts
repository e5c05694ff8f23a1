import type { Kysely } from 'kysely'
import { columnTypes, type Dialect } from './columnTypes.js'

/**
 * Boot-time repairs become leases (issue 28): jobs one instance runs at a time (wiping the history
 * index) hold a named lease (`Leases.ts`). The on-ramp payer's lease and the last indexed block's
 * hash, which this migration also added once, are now their features' own
 * (`0002_onramp_payer_lease`, `0002_history_index_hash`); the name stays, as databases record it.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const type = columnTypes(dialect)
  await db.schema
    .createTable('leases')
    .ifNotExists()
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('holder', 'text', (column) => column.notNull())
    .addColumn('expires_at', type.int64, (column) => column.notNull())
    .execute()
}
