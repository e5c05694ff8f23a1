import { describe, expect, it } from 'vitest'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ProjectStore } from './ProjectStore.js'
import { DEV_PROJECT, type Project } from './projects.js'
import { openTestStorage } from '../../../test/support/openTestStorage.js'

const shop: Project = { id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'], features: { swaps: true } }

describe('given a new database', () => {
  it('11: is seeded with the dev project once: deleted, it stays deleted when the database is opened again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'latch-projects-db-'))
    const first = await openTestStorage({ dataDir })
    const projects = await ProjectStore.open(first.storage)
    expect(projects.list()).toEqual([DEV_PROJECT])
    await projects.delete(DEV_PROJECT.id)
    projects.close()
    await first.close()
    const reopened = await openTestStorage({ dataDir, url: first.url })
    const again = await ProjectStore.open(reopened.storage)
    expect(again.list()).toEqual([])
    again.close()
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
    projects.close()
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
    here.close()
    there.close()
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
    here.close()
    there.close()
    await a.close()
    if (b !== a) await b.close()
  })
})
