import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'

/** Which database this run's server tests use: the `unit-postgres` project sets `LATCH_TEST_DATABASE=postgres`. */
export type TestDatabaseKind = 'sqlite' | 'postgres'

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.LATCH_TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite'
}

/**
 * A `databaseUrl` for `startBackend`: on the Postgres run, a new empty database in the run's shared
 * cluster (one per call, so test files never see each other's rows); on the SQLite run, undefined
 * (the backend's own SQLite file, as `npm start` uses).
 *
 * @example
 * backend = await startBackend({ dataDir, dev: true, databaseUrl: await testDatabaseUrl() })
 */
export async function testDatabaseUrl(): Promise<string | undefined> {
  if (testDatabaseKind() === 'sqlite') return undefined
  const admin = inject('postgresUrl')
  const name = `latch_${randomBytes(6).toString('hex')}`
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE ${name}`)
  } finally {
    await client.end()
  }
  const url = new URL(admin)
  url.pathname = `/${name}`
  return url.toString()
}

const byFile = new Map<string, Promise<string | undefined>>()

/**
 * The database for a backend whose SQLite file is `file`, as SQLite would keep it: a new one for
 * a backend in memory, the same one each time a backend starts on the same file (within a test
 * file). Undefined on the SQLite run.
 *
 * @example
 * spawnCli(['--data', dir], { DATABASE_URL: await testDatabaseUrlFor(join(dir, 'latch.sqlite')) })
 */
export function testDatabaseUrlFor(file: string): Promise<string | undefined> {
  if (file === ':memory:' || file === '') return testDatabaseUrl()
  if (!byFile.has(file)) byFile.set(file, testDatabaseUrl())
  return byFile.get(file)!
}
