import type { ColumnDataType, Kysely } from 'kysely'

/**
 * Adds a column unless the table has it already. For a migration that took over part of an older
 * one: a database that ran the older one has the column, a new database gains it here.
 */
export async function addColumnIfMissing(db: Kysely<unknown>, table: string, column: string, type: ColumnDataType): Promise<void> {
  const tables = await db.introspection.getTables()
  const existing = tables.find((candidate) => candidate.name === table)
  if (existing?.columns.some((candidate) => candidate.name === column)) return
  await db.schema.alterTable(table).addColumn(column, type).execute()
}
