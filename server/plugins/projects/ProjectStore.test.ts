import { describe, expect, it } from 'vitest'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { PROJECTS_CHANNEL, ProjectStore } from './ProjectStore.js'
import { DEV_PROJECT, type Project } from './projects.js'
import { openTestStorage } from '../../../test/support/openTestStorage.js'
import { testDatabaseKind } from '../../../test/support/testDatabase.js'

const shop: Project = { id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'], features: { swaps: true } }

describe('given a new database', () => {
  it('11: is seeded with the dev project once: deleted, it stays deleted when the database is opened again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'latch-projects-db-'))
    const first = await openTestStorage({ dataDir })
    const projects = await ProjectStore.open(first.storage)
    expect(projects.list()).toEqual([DEV_PROJECT])
    await projects.delete(DEV_PROJECT.id)
    await projects.close()
    await first.close()
    const reopened = await openTestStorage({ dataDir, url: first.url })
    const again = await ProjectStore.open(reopened.storage)
    expect(again.list()).toEqual([])
    await again.close()
    await reopened.close()
  })
})

describe('given an import that fails part way', () => {
  it('11: writes none of it (one statement) and tells no listener', async () => {
    const opened = await openTestStorage()
    const projects = await ProjectStore.open(opened.storage)
    const heard: string[][] = []
    projects.onChange((ids) => heard.push([...ids]))
    // A null name breaks the NOT NULL constraint after `shop` was written in the same statement.
    const broken = { id: 'broken', name: null, allowedOrigins: [], features: {} } as unknown as Project
    await expect(projects.import([shop, broken])).rejects.toThrow(/NOT NULL|not-null/)
    await projects.refresh()
    expect(projects.list().map((project) => project.id)).toEqual(['latch-dev'])
    expect(heard).toEqual([])
    await projects.import([shop])
    expect(heard).toEqual([['shop']])
    expect(projects.get('shop')).toEqual(shop)
    await projects.close()
    await opened.close()
  })
})

describe('given two instances on one database', () => {
  it('28: an edit made through one reaches the other (and its listeners) within its refresh', async () => {
    const a = await openTestStorage()
    const b = a.url ? await openTestStorage({ url: a.url }) : a
    const [here, there] = [await ProjectStore.open(a.storage, { refreshMs: 50 }), await ProjectStore.open(b.storage, { refreshMs: 50 })]
    const heard: string[][] = []
    there.onChange((ids) => heard.push([...ids]))
    await here.create(shop)
    await expect.poll(() => there.get('shop')).toEqual(shop)
    await here.patch('shop', { features: { swaps: null, activity: true } })
    await expect.poll(() => there.get('shop')?.features).toEqual({ activity: true })
    await here.delete('shop')
    await expect.poll(() => there.has('shop')).toBe(false)
    expect(heard).toEqual([['shop'], ['shop'], ['shop']])
    await here.close()
    await there.close()
    await a.close()
    if (b !== a) await b.close()
  })

  it('28: 50 concurrent patches of different flags all land (each one conditional write, read again when it lost)', async () => {
    const a = await openTestStorage()
    const b = a.url ? await openTestStorage({ url: a.url }) : a
    const [here, there] = [await ProjectStore.open(a.storage), await ProjectStore.open(b.storage)]
    await here.create({ ...shop, features: {} })
    await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? here : there).patch('shop', { features: { [`flag${i}`]: true } })))
    await there.refresh()
    expect(Object.keys(there.get('shop')!.features)).toHaveLength(50)
    await expect(here.create(shop)).rejects.toThrow(/exists/i)
    await expect(there.patch('nope', {})).rejects.toThrow(/not found|no project/i)
    await here.close()
    await there.close()
    await a.close()
    if (b !== a) await b.close()
  })
})

describe.skipIf(testDatabaseKind() !== 'postgres')('given two instances on one Postgres (issue 31: LISTEN/NOTIFY)', () => {
  // A poll far slower than the test: only the notification can bring the change in time.
  const NO_POLL = { refreshMs: 10 * 60_000 }

  it('31: a write committed on one instance fires the other’s listeners without waiting for its poll', async () => {
    const a = await openTestStorage()
    const b = await openTestStorage({ url: a.url })
    const [here, there] = [await ProjectStore.open(a.storage, NO_POLL), await ProjectStore.open(b.storage, NO_POLL)]
    await expect.poll(() => listening(a)).toBe(2)
    const heard: string[][] = []
    there.onChange((ids) => heard.push([...ids]))
    await here.create(shop)
    await expect.poll(() => heard).toEqual([['shop']])
    await here.patch('shop', { allowedOrigins: ['https://other.example'] })
    await expect.poll(() => there.get('shop')?.allowedOrigins).toEqual(['https://other.example'])
    expect(heard).toEqual([['shop'], ['shop']])
    await here.close()
    await there.close()
    await a.close()
    await b.close()
  })

  it('31: a listener whose connection drops reconnects and reads again what it missed', async () => {
    const a = await openTestStorage()
    const b = await openTestStorage({ url: a.url })
    const [here, there] = [await ProjectStore.open(a.storage, NO_POLL), await ProjectStore.open(b.storage, NO_POLL)]
    await expect.poll(() => listening(a)).toBe(2)
    // Both listening connections killed by the server, as a Postgres restart or failover would.
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${`${PROJECTS_CHANNEL}_listener`} AND datname = current_database()`.execute(a.storage.db)
    // Written while nobody may be listening: only the full read after the reconnection brings it.
    await here.create(shop)
    await expect.poll(() => there.get('shop'), { timeout: 15_000 }).toEqual(shop)
    await expect.poll(() => listening(a), { timeout: 15_000 }).toBe(2)
    await here.patch('shop', { name: 'After the reconnection' })
    await expect.poll(() => there.get('shop')?.name).toBe('After the reconnection')
    await here.close()
    await there.close()
    await a.close()
    await b.close()
  })
})

/** The listening connections on this test's database. */
async function listening(opened: Awaited<ReturnType<typeof openTestStorage>>): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = ${`${PROJECTS_CHANNEL}_listener`} AND datname = current_database()`.execute(opened.storage.db)
  return rows[0]!.n
}
