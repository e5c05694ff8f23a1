import { describe, expect, it } from 'vitest'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../database/openDatabase.js'
import { ProjectStore } from './ProjectStore.js'
import { DEV_PROJECT, type Project } from './projects.js'

const shop: Project = { id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'], features: { swaps: true } }

describe('given a new database', () => {
  it('11: is seeded with the dev project once: deleted, it stays deleted when the database is opened again', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'latch-projects-db-'))
    const db = openDatabase(dataDir)
    const projects = new ProjectStore(db)
    expect(projects.list()).toEqual([DEV_PROJECT])
    projects.delete(DEV_PROJECT.id)
    db.close()
    const reopened = openDatabase(dataDir)
    expect(new ProjectStore(reopened).list()).toEqual([])
    reopened.close()
  })
})

describe('given an import that fails part way', () => {
  it('11: writes none of it (one transaction) and tells no listener', () => {
    const db = openDatabase(':memory:')
    const projects = new ProjectStore(db)
    const heard: string[][] = []
    projects.onChange((ids) => heard.push([...ids]))
    // A null name breaks the NOT NULL constraint after `shop` was written in the same transaction.
    const broken = { id: 'broken', name: null, allowedOrigins: [], features: {} } as unknown as Project
    expect(() => projects.import([shop, broken])).toThrow(/NOT NULL/)
    expect(projects.list().map((project) => project.id)).toEqual(['latch-dev'])
    expect(heard).toEqual([])
    projects.import([shop])
    expect(heard).toEqual([['shop']])
    expect(projects.get('shop')).toEqual(shop)
    db.close()
  })
})
