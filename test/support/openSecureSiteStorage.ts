import { openDatabase, type LatchDatabase } from '../../server/plugins/database/openDatabase.js'
import { openStorage, type Storage } from '../../server/plugins/database/index.js'
import { createSecureSiteTables } from '../../server/secureSite/createSecureSiteTables.js'
import { testDatabaseUrl } from './testDatabase.js'
import { BACKEND_MIGRATIONS } from '../../server/createServer.js'

/**
 * The secure site's tables as `startBackend` opens them, for a test of one of its stores: a SQLite
 * file (`:memory:` or a data folder), the storage layer on it (or, on the `unit-postgres` run, on
 * a new Postgres database), and the file's secure-site settings.
 *
 * @example
 * const { storage, close } = await openSecureSiteStorage()
 * const sessions = new SessionTokens(storage, secret, 3600)
 */
export async function openSecureSiteStorage(dataDir = ':memory:'): Promise<{ file: LatchDatabase; storage: Storage; url?: string; close(): Promise<void> }> {
  const file = openDatabase(dataDir)
  const url = await testDatabaseUrl()
  const storage = await openStorage({ url, sqlite: file, sqliteLocation: dataDir, migrations: BACKEND_MIGRATIONS })
  createSecureSiteTables(file)
  return {
    file,
    storage,
    url,
    async close() {
      await storage.close()
      file.close()
    },
  }
}
