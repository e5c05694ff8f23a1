import type { FeatureMigrations } from '../../plugins/database/index.js'
import * as siwx from './0001_siwx.js'

/** Sign-in with X's tables (`siwxRoutes.ts`, `siwxTables.ts`). */
export const siwxMigrations: FeatureMigrations = {
  '0001_siwx': siwx,
}
