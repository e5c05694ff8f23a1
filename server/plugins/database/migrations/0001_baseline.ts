import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { columnTypes, type Dialect } from './columnTypes.js'

/**
 * The tables as `openDatabase` created them before Kysely, `IF NOT EXISTS`: a SQLite file from an
 * earlier release adopts this migration unchanged, a new database (SQLite or Postgres) gets them.
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
