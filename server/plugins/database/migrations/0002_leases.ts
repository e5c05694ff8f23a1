import type { Kysely } from 'kysely'
import { columnTypes, type Dialect } from './columnTypes.js'

/**
 * Boot-time repairs become leases (issue 28): an on-ramp order being paid carries the payer's
 * lease, and jobs one instance runs at a time (wiping the history index) hold a named lease.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const type = columnTypes(dialect)
  await db.schema.alterTable('onramp_orders').addColumn('paying_until', type.int64).execute()
  await db.schema.alterTable('onramp_orders').addColumn('paying_lease', 'text').execute()
  // The hash of the last indexed block: a chain that no longer has it was restarted (dev chains are new each boot).
  await db.schema.alterTable('indexed_blocks').addColumn('last_hash', 'text').execute()
  await db.schema
    .createTable('leases')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('holder', 'text', (column) => column.notNull())
    .addColumn('expires_at', type.int64, (column) => column.notNull())
    .execute()
}
