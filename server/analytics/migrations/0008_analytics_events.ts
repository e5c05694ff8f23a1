import type { Kysely } from 'kysely'
import { columnTypes, type Dialect } from '../../plugins/database/migrations/columnTypes.js'

/**
 * The analytics events (`POST /e`) move to the storage layer (issue 28). Written `IF NOT EXISTS`
 * exactly as `openDatabase` made the table, so an existing SQLite file adopts it unchanged.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const type = columnTypes(dialect)
  await db.schema
    .createTable('events')
    .ifNotExists()
    .addColumn('id', type.serial, (column) => (type.dialect === 'sqlite' ? column.primaryKey().autoIncrement() : column.primaryKey()))
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('event_id', 'text', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('received_at', type.int64, (column) => column.notNull())
    .execute()
}
