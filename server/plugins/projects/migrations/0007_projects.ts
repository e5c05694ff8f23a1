import type { Kysely } from 'kysely'
import { columnTypes, type Dialect } from '../../database/migrations/columnTypes.js'
import { seedProjects } from '../seedProjects.js'

/**
 * The projects move to the storage layer (issue 28), so instances sharing one Postgres serve the
 * same projects and an admin's edit reaches all of them. Written `IF NOT EXISTS` exactly as
 * `openDatabase` made the table, so an existing SQLite file adopts it unchanged. Seeded with the
 * dev project only when the table is new: a project the operator deleted stays deleted.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const type = columnTypes(dialect)
  const existed = (await db.introspection.getTables()).some((table) => table.name === 'projects')
  await db.schema
    .createTable('projects')
    .ifNotExists()
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('allowed_origins', 'text', (column) => column.notNull())
    .addColumn('features', 'text', (column) => column.notNull())
    .addColumn('updated_at', type.int64, (column) => column.notNull())
    .execute()
  if (!existed) await seedProjects(db)
}
