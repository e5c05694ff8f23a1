import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type LatchServer } from '../../server/createServer.js'
import { openTestStorage, type TestStorage } from '../support/openTestStorage.js'
import { testDatabaseKind } from '../support/testDatabase.js'
import { call } from './support.js'

// Issue 28: projects live in the storage layer, so instances sharing it serve the same ones. Two
// servers on one database (on Postgres two pools, as two processes would hold; on SQLite one file).
const TOKEN = 'operator-token-0123456789'
const opened: TestStorage[] = []
const servers: Array<{ server: LatchServer; url: string }> = []

beforeAll(async () => {
  opened.push(await openTestStorage())
  opened.push(opened[0]!.url ? await openTestStorage({ url: opened[0]!.url }) : opened[0]!)
  for (const { storage } of opened) {
    const server = await createServer({ adminToken: TOKEN, storage })
    servers.push({ server, url: await server.listen(0) })
  }
})
afterAll(async () => {
  for (const { server } of servers) await server.close()
  for (const storage of new Set(opened)) await storage.close()
})

const admin = (instance: number, path: string, method: string, body?: unknown) =>
  call(servers[instance]!, `/admin/api${path}`, { method, body, headers: { authorization: `Bearer ${TOKEN}` } })
const configOf = async (instance: number, projectId: string) => (await call(servers[instance]!, `/appkit/v1/config?projectId=${projectId}&st=latch`)).body

describe(`given two instances on one database (${testDatabaseKind()})`, () => {
  it('28: a project created, patched and deleted through one instance’s admin API is served so by the other within seconds', async () => {
    expect((await admin(0, '/projects', 'POST', { id: 'shop', allowedOrigins: ['https://shop.example'], features: { swaps: true } })).status).toBe(201)
    await expect.poll(async () => (await configOf(1, 'shop')).features?.swaps).toBe(true)
    expect((await admin(0, '/projects/shop', 'PATCH', { features: { swaps: false } })).status).toBe(200)
    await expect.poll(async () => (await configOf(1, 'shop')).features?.swaps).toBe(false)
    // The other instance's admin API sees the same row: a second create is refused there.
    expect((await admin(1, '/projects', 'POST', { id: 'shop', allowedOrigins: [], features: {} })).status).toBe(409)
    expect((await admin(1, '/projects/shop', 'DELETE')).status).toBe(204)
    await expect.poll(async () => (await admin(0, '/projects/shop', 'GET')).status).toBe(404)
  })
})
