import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { testDatabaseKind, testDatabaseUrl } from '../../../test/support/testDatabase.js'
import { openDatabase } from './openDatabase.js'
import { openStorage } from './openStorage.js'
import { migrationProvider } from './migrations/migrationProvider.js'
import { BACKEND_MIGRATIONS } from '../../createServer.js'

describe(`given the storage layer (${testDatabaseKind()})`, () => {
  it('migrates once when instances start together (the migrator locks), and again is a no-op', async () => {
    const file = openDatabase(':memory:')
    const url = await testDatabaseUrl()
    const opened = await Promise.all([openStorage({ url, sqlite: file, migrations: BACKEND_MIGRATIONS }), openStorage({ url, sqlite: file, migrations: BACKEND_MIGRATIONS })])
    const again = await openStorage({ url, sqlite: file, migrations: BACKEND_MIGRATIONS })
    const names = (await again.db.selectFrom('kysely_migration' as never).select('name' as never).execute()) as Array<{ name: string }>
    // Each migration once, in order: every one the registry lists.
    expect(names.map((row) => row.name)).toEqual(Object.keys(await migrationProvider('sqlite', BACKEND_MIGRATIONS).getMigrations()).sort())
    expect(names.map((row) => row.name).slice(0, 7)).toEqual(['0001_baseline', '0001_history_index', '0001_names', '0001_onramp_orders', '0001_siwx', '0002_history_index_hash', '0002_leases'])
    for (const storage of [...opened, again]) await storage.close()
    file.close()
  })
})

// SQLite only: the old file is opened on purpose (the Postgres run's backends would be given a database).
describe.skipIf(testDatabaseKind() === 'postgres')('given a SQLite file written before the storage layer', () => {
  it("adopts it: its names and orders stay, and orders gain the lease's columns", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'latch-adopt-'))
    try {
      // The tables as openDatabase created them up to this release.
      const old = new Database(join(dir, 'latch.sqlite'))
      old.exec(`CREATE TABLE names (name TEXT PRIMARY KEY, address TEXT NOT NULL, coin_type INTEGER NOT NULL, chain_id TEXT NOT NULL, attributes TEXT NOT NULL, created_at INTEGER NOT NULL);
        CREATE TABLE onramp_orders (id TEXT PRIMARY KEY, destination TEXT NOT NULL, network TEXT NOT NULL, asset TEXT NOT NULL, amount TEXT NOT NULL, fiat_amount TEXT, status TEXT NOT NULL, tx_hash TEXT, created_at INTEGER NOT NULL);
        INSERT INTO names VALUES ('old-name.reown.id', '0x0000000000000000000000000000000000000001', 60, 'eip155:1', '{}', 1);
        INSERT INTO onramp_orders VALUES ('o1', '0x01', 'eip155:31337', 'ETH', '1', NULL, 'paying', NULL, 1);`)
      old.close()
      const file = openDatabase(dir)
      const storage = await openStorage({ sqlite: file, migrations: BACKEND_MIGRATIONS })
      expect(await storage.db.selectFrom('names').select('name').execute()).toEqual([{ name: 'old-name.reown.id' }])
      expect(await storage.db.selectFrom('onramp_orders').select(['id', 'status', 'paying_until']).execute()).toEqual([{ id: 'o1', status: 'paying', paying_until: null }])
      await storage.close()
      file.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
