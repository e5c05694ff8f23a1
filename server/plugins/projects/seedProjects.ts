import type { Kysely } from 'kysely'
import { DEV_PROJECT } from './projects.js'
import type { DatabaseSchema } from '../database/DatabaseSchema.js'

/**
 * Puts the dev project `latch-dev` into a new database (issue 11: projects live in the database,
 * seeded with the dev project). Run by the migration that creates the `projects` table.
 *
 * @param db - a database whose `projects` table was just created
 */
export async function seedProjects(db: Kysely<unknown>): Promise<void> {
  await (db as Kysely<DatabaseSchema>)
    .insertInto('projects')
    .values({
      id: DEV_PROJECT.id,
      name: DEV_PROJECT.name,
      allowed_origins: JSON.stringify(DEV_PROJECT.allowedOrigins),
      features: JSON.stringify(DEV_PROJECT.features),
      updated_at: Date.now(),
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute()
}
