import type { Kysely } from 'kysely'

/**
 * History of a configured network (issue 29) comes from Transfer logs read per account in bounded
 * `eth_getLogs` ranges: each account's cursor is the last block read, so a restart, or another
 * instance, continues where the reading stopped instead of reading the chain again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('history_log_cursors')
    .addColumn('chain_id', 'text', (column) => column.notNull())
    .addColumn('account', 'text', (column) => column.notNull())
    .addColumn('first_block', 'integer', (column) => column.notNull())
    .addColumn('last_block', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('history_log_cursors_pk', ['chain_id', 'account'])
    .execute()
}
