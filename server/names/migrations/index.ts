import type { FeatureMigrations } from '../../plugins/database/index.js'
import * as names from './0001_names.js'

/** The names feature's tables (`profileRoutes.ts`). */
export const namesMigrations: FeatureMigrations = {
  '0001_names': names,
}
