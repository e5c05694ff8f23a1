import type { FeatureMigrations } from './migrationProvider.js'
import * as baseline from './0001_baseline.js'
import * as leases from './0002_leases.js'

/** The storage layer's own tables: the named leases (`Leases.ts`); and the old shared baseline's name. */
export const databaseMigrations: FeatureMigrations = {
  '0001_baseline': baseline,
  '0002_leases': leases,
}
