import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { columnTypes, type Dialect } from '../../plugins/database/migrations/columnTypes.js'

/**
 * The relay's mailbox moves to the storage layer (issue 28), so instances sharing one Postgres
 * hand each other their messages. Written `IF NOT EXISTS` exactly as `RelayMessageStore` made it,
 * so an existing SQLite file adopts this migration unchanged.
 *
 * On Postgres one more index: a message is stored once per topic, whichever instance its
 * publisher (or its retry) reached. Keyed on the message's md5, as a message may be larger than
 * a btree entry. SQLite keeps one instance per file, whose hub already refuses a duplicate.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const type = columnTypes(dialect)
  await db.schema
    .createTable('relay_messages')
    .ifNotExists()
    .addColumn('topic', 'text', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('tag', type.integer, (column) => column.notNull())
    .addColumn('published_at', type.int64, (column) => column.notNull())
    .addColumn('expires_at', type.int64, (column) => column.notNull())
    .addColumn('from_client', 'text')
    .execute()
  await db.schema.createIndex('relay_messages_by_topic').ifNotExists().on('relay_messages').column('topic').execute()
  await db.schema.createIndex('relay_messages_by_expiry').ifNotExists().on('relay_messages').column('expires_at').execute()
  if (dialect === 'postgres') {
    await sql`CREATE UNIQUE INDEX IF NOT EXISTS relay_messages_once ON relay_messages (topic, md5(message))`.execute(db)
    // What other instances poll for: the messages published since a moment.
    await db.schema.createIndex('relay_messages_by_publish').ifNotExists().on('relay_messages').column('published_at').execute()
  }
}
