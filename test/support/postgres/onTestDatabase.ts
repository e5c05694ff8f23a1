import { vi } from 'vitest'
import type { openStorage as OpenStorage } from '../../../server/plugins/database/openStorage.js'

/**
 * The `unit-postgres` project's setup file: every backend a test starts (through `startBackend`,
 * `createServer` or `openStorage`, none told a database) puts the storage layer on Postgres, so
 * each server test runs there unchanged. Only the choice of database is wrapped; the real
 * `openStorage` runs. As on SQLite, where a backend's tables live in its data folder's file: a
 * new backend in memory gets a new database, and one started again on the same data folder finds
 * the same database (a restart test keeps its rows).
 */
vi.mock('../../../server/plugins/database/openStorage.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../server/plugins/database/openStorage.js')>()
  const { testDatabaseUrlFor } = await import('../testDatabase.js')
  const openStorage: typeof OpenStorage = async (options) => (options.url ? real.openStorage(options) : real.openStorage({ ...options, url: await testDatabaseUrlFor(options.sqlite!.name) }))
  return { ...real, openStorage }
})
