import type { Kysely } from 'kysely'
import { columnTypes, type Dialect } from '../../plugins/database/migrations/columnTypes.js'

/**
 * The history index: the transfers read from the local chains and each chain's last indexed block.
 * Part of what was `0001_baseline` (the tables as `openDatabase` and `siwxTables` created them
 * before Kysely), written `IF NOT EXISTS`: a SQLite file from an earlier release adopts it
 * unchanged, and a database that ran `0001_baseline` (which made them already) runs it as a
 * no-op.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const type = columnTypes(dialect)
  await db.schema
    .createTable('transfers')
    .ifNotExists()
    .addColumn('id', type.serial, (column) => (type.dialect === 'sqlite' ? column.primaryKey().autoIncrement() : column.primaryKey()))
    .addColumn('chain_id', 'text', (column) => column.notNull())
    .addColumn('tx_hash', 'text', (column) => column.notNull())
    .addColumn('block_number', type.int64, (column) => column.notNull())
    .addColumn('log_index', type.integer, (column) => column.notNull())
    .addColumn('mined_at', type.int64, (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('tx_from', 'text', (column) => column.notNull())
    .addColumn('tx_to', 'text')
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('token', 'text')
    .addColumn('token_id', 'text')
    .addColumn('sender', 'text', (column) => column.notNull())
    .addColumn('recipient', 'text', (column) => column.notNull())
    .addColumn('value', 'text', (column) => column.notNull())
    .addUniqueConstraint('transfers_once', ['chain_id', 'tx_hash', 'log_index'])
    .execute()
  await db.schema.createIndex('transfers_by_sender').ifNotExists().on('transfers').columns(['chain_id', 'sender']).execute()
  await db.schema.createIndex('transfers_by_recipient').ifNotExists().on('transfers').columns(['chain_id', 'recipient']).execute()
  await db.schema.createIndex('transfers_by_origin').ifNotExists().on('transfers').columns(['chain_id', 'tx_from']).execute()
  await db.schema
    .createTable('indexed_blocks')
    .ifNotExists()
    .addColumn('chain_id', 'text', (column) => column.primaryKey())
    .addColumn('last_block', type.int64, (column) => column.notNull())
    .execute()
}
