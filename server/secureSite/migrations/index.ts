import type { FeatureMigrations } from '../../plugins/database/index.js'
import * as logins from './0003_secure_site_logins.js'
import * as accounts from './0004_secure_site_accounts.js'

/** The secure site's tables (`createSecureSiteTables.ts` brings older SQLite files up to date after them). */
export const secureSiteMigrations: FeatureMigrations = {
  '0003_secure_site_logins': logins,
  '0004_secure_site_accounts': accounts,
}
