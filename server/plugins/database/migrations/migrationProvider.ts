import type { Kysely, Migration, MigrationProvider } from 'kysely'
import type { Dialect } from './columnTypes.js'

/** One migration: told which database it writes for. */
export interface DialectMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>
}

/**
 * A feature's migrations by the names databases record (`server/<feature>/migrations/index.ts`
 * exports one). Names sort across every feature: a number first, then what the step does.
 */
export type FeatureMigrations = Readonly<Record<string, DialectMigration>>

/**
 * Every feature's migrations as one Kysely `MigrationProvider`. Given as lists rather than read
 * from folders, so they bundle and type-check like any other module, and so this plugin imports
 * no feature: `createServer` composes the lists (`BACKEND_MIGRATIONS`).
 *
 * @throws Error when two features name a migration alike (one would be lost)
 */
export function migrationProvider(dialect: Dialect, lists: readonly FeatureMigrations[]): MigrationProvider {
  const migrations: Record<string, Migration> = {}
  for (const list of lists)
    for (const [name, step] of Object.entries(list)) {
      if (name in migrations) throw new Error(`Two migrations are named ${name}`)
      migrations[name] = { up: (db) => step.up(db, dialect) }
    }
  return { getMigrations: async () => migrations }
}
