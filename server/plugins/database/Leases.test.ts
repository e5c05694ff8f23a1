import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type LatchDatabase } from './openDatabase.js'
import { testDatabaseKind, testDatabaseUrl } from '../../../test/support/testDatabase.js'
import { Leases } from './Leases.js'
import { openStorage, type Storage } from './openStorage.js'
import { databaseMigrations } from './migrations/index.js'

// Two instances on one database, each with its own connection (pool) on Postgres; the SQLite run
// shares one file's handle, as two Fastify apps of one process would.
let file: LatchDatabase
let instances: Storage[]
let clock = 1_000_000
const now = () => clock
beforeAll(async () => {
  file = openDatabase(':memory:')
  const url = await testDatabaseUrl()
  instances = [await openStorage({ url, sqlite: file, migrations: [databaseMigrations] }), await openStorage({ url, sqlite: file, migrations: [databaseMigrations] })]
})
afterAll(async () => {
  for (const storage of instances ?? []) await storage.close()
  file?.close()
})

describe(`given a named lease (${testDatabaseKind()})`, () => {
  it('is held by one instance until it expires or is released, and renewed by its holder', async () => {
    const [a, b] = instances.map((storage) => new Leases(storage, now))
    expect(await a!.acquire('job', 1000)).toBe(true)
    expect(await b!.acquire('job', 1000)).toBe(false)
    clock += 900
    expect(await a!.acquire('job', 1000)).toBe(true)
    clock += 900
    expect(await b!.acquire('job', 1000)).toBe(false)
    clock += 200
    expect(await b!.acquire('job', 1000)).toBe(true)
    expect(await a!.acquire('job', 1000)).toBe(false)
    await a!.release('job')
    expect(await a!.acquire('job', 1000)).toBe(false)
    await b!.release('job')
    expect(await a!.acquire('job', 1000)).toBe(true)
  })

  it('goes to exactly one of 50 instances asking at once', async () => {
    const contenders = Array.from({ length: 50 }, (_, index) => new Leases(instances[index % 2]!, now))
    const held = await Promise.all(contenders.map((leases) => leases.acquire('race', 60_000)))
    expect(held.filter(Boolean)).toHaveLength(1)
  })
})
