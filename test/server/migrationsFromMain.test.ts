import { afterAll, describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import { openDatabase, type LatchDatabase } from '../../server/plugins/database/openDatabase.js'
import { openStorage, type DialectMigration, type FeatureMigrations, type Storage } from '../../server/plugins/database/index.js'
import { BACKEND_MIGRATIONS } from '../../server/createServer.js'
import * as leases from '../../server/plugins/database/migrations/0002_leases.js'
import * as names from '../../server/names/migrations/0001_names.js'
import * as onrampOrders from '../../server/onramp/migrations/0001_onramp_orders.js'
import * as onrampPayerLease from '../../server/onramp/migrations/0002_onramp_payer_lease.js'
import * as historyIndex from '../../server/blockchain/migrations/0001_history_index.js'
import * as historyIndexHash from '../../server/blockchain/migrations/0002_history_index_hash.js'
import * as siwx from '../../server/siwx/migrations/0001_siwx.js'
import { secureSiteMigrations } from '../../server/secureSite/migrations/index.js'
import { relayMigrations } from '../../server/relay/migrations/index.js'
import { projectsMigrations } from '../../server/plugins/projects/migrations/index.js'
import { analyticsMigrations } from '../../server/analytics/migrations/index.js'
import { sessionsMigrations } from '../../server/sessions/migrations/index.js'
import { testDatabaseKind, testDatabaseUrl } from '../support/testDatabase.js'

/** Runs `steps` one after the other as one migration, as main's shared migrations did. */
function together(...steps: DialectMigration[]): DialectMigration {
  return {
    up: async (db, dialect) => {
      for (const step of steps) await step.up(db, dialect)
    },
  }
}

/**
 * The migrations as main (before each feature held its own) recorded them: `0001_baseline` made
 * the names, on-ramp, history-index and SIWX tables in one step, `0002_leases` the leases table
 * and the two columns now split out; the rest kept their names when they moved.
 */
const MAIN_LAYOUT: FeatureMigrations = {
  '0001_baseline': together(names, onrampOrders, historyIndex, siwx),
  '0002_leases': together(onrampPayerLease, historyIndexHash, leases),
  ...secureSiteMigrations,
  ...relayMigrations,
  ...projectsMigrations,
  ...analyticsMigrations,
  ...sessionsMigrations,
}

const files: LatchDatabase[] = []
const storages: Storage[] = []
/** Opens the storage layer on `url` (Postgres) or `file` (SQLite), migrated by `migrations`. */
async function open(url: string | undefined, file: LatchDatabase, migrations: readonly FeatureMigrations[]): Promise<Storage> {
  const storage = await openStorage({ url, sqlite: file, migrations })
  storages.push(storage)
  return storage
}
function newFile(): LatchDatabase {
  const file = openDatabase(':memory:')
  files.push(file)
  return file
}
afterAll(async () => {
  for (const storage of storages) await storage.close()
  for (const file of files) file.close()
})

/** Every table with its columns, sorted: what two databases must agree on. */
async function schemaOf(storage: Storage): Promise<string[]> {
  const tables = await (storage.db as unknown as Kysely<unknown>).introspection.getTables()
  return tables
    .map(
      (table) =>
        `${table.name}(${table.columns
          .map((column) => column.name)
          .sort()
          .join(',')})`
    )
    .sort()
}

async function migrationNames(storage: Storage): Promise<string[]> {
  const rows = (await storage.db
    .selectFrom('kysely_migration' as never)
    .select('name' as never)
    .execute()) as Array<{ name: string }>
  return rows.map((row) => row.name).sort()
}

describe(`given a database migrated by main, before each feature held its migrations (${testDatabaseKind()})`, () => {
  it('28: opens with the per-feature migrations: its rows stay, the split-out steps are recorded, and its tables match a new database', async () => {
    const url = await testDatabaseUrl()
    const file = newFile()
    const fromMain = await open(url, file, [MAIN_LAYOUT])
    await fromMain.db
      .insertInto('names')
      .values({
        name: 'kept.reown.id',
        address: '0x01',
        coin_type: 60,
        chain_id: 'eip155:1',
        attributes: '{}',
        created_at: 1,
      })
      .execute()
    expect(await migrationNames(fromMain)).toEqual(Object.keys(MAIN_LAYOUT).sort())

    // The same database (same file, or same Postgres database), opened as the backend opens it now.
    const now = await open(url, file, BACKEND_MIGRATIONS)
    const everyName = BACKEND_MIGRATIONS.flatMap((list) => Object.keys(list))
    expect(await migrationNames(now)).toEqual(everyName.sort())
    expect(await now.db.selectFrom('names').select('name').execute()).toEqual([{ name: 'kept.reown.id' }])

    const fresh = await open(await testDatabaseUrl(), newFile(), BACKEND_MIGRATIONS)
    expect(await schemaOf(now)).toEqual(await schemaOf(fresh))
    expect(await schemaOf(now)).toContain('onramp_orders(amount,asset,created_at,destination,fiat_amount,id,network,paying_lease,paying_until,status,tx_hash)')
  })
})
