import { sql, type Kysely } from 'kysely'
import { columnTypes, type Dialect } from '../../plugins/database/migrations/columnTypes.js'

/**
 * The wallet-session grants (`/v1/sessions/*`) move to the storage layer (issue 28). Written
 * `IF NOT EXISTS` exactly as `openDatabase` made the table, so an existing SQLite file adopts it;
 * a file from before `grant_hash` (a signed grant used once, S4) gains the column here.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const type = columnTypes(dialect)
  await db.schema
    .createTable('sessions')
    .ifNotExists()
    .addColumn('pci', 'text', (column) => column.primaryKey())
    .addColumn('address', 'text', (column) => column.notNull())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('chain_id', 'text', (column) => column.notNull())
    .addColumn('permissions', 'text', (column) => column.notNull())
    .addColumn('created_at', type.int64, (column) => column.notNull())
    .addColumn('expires_at', type.int64, (column) => column.notNull())
    .addColumn('revoked_at', type.int64)
    .addColumn('grant_hash', 'text')
    .execute()
  if (dialect === 'sqlite') {
    const columns = await sql<{ name: string }>`PRAGMA table_info(sessions)`.execute(db)
    if (!columns.rows.some((column) => column.name === 'grant_hash')) await db.schema.alterTable('sessions').addColumn('grant_hash', 'text').execute()
  }
  await db.schema.createIndex('sessions_by_address').ifNotExists().on('sessions').column('address').execute()
  await db.schema.createIndex('sessions_by_grant').ifNotExists().unique().on('sessions').column('grant_hash').execute()
}
