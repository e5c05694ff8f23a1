import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type LatchServer } from '../createServer.js'
import { openTestStorage, type TestStorage } from '../../test/support/openTestStorage.js'
import { testDatabaseKind } from '../../test/support/testDatabase.js'
import { openEventStream, type EventStream } from '../../test/server/openEventStream.js'

// Issue 31: two backends on one Postgres, as behind a balancer. An admin change made through
// one reaches a page whose config stream is open on the other, pushed by LISTEN/NOTIFY rather
// than found by a poll. (On SQLite one process owns the file: nothing to share.)
const WAIT_MS = 10_000
const PUSHED_MS = 5_000
const opened: TestStorage[] = []
const servers: Array<{ server: LatchServer; url: string }> = []
const streams: EventStream[] = []

describe.skipIf(testDatabaseKind() !== 'postgres')('given two backends on one Postgres', () => {
  beforeAll(async () => {
    opened.push(await openTestStorage())
    opened.push(await openTestStorage({ url: opened[0]!.url }))
    for (const { storage } of opened) {
      const server = await createServer({ storage, configStreamPingMs: 60_000 })
      servers.push({ server, url: await server.listen(0) })
    }
  })
  afterAll(async () => {
    await Promise.all(streams.map((stream) => stream.close()))
    for (const { server } of servers) await server.close()
    for (const storage of opened) await storage.close()
  })

  it('31: an admin patch on instance A is the next event of a config stream open on instance B', async () => {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]]
    const stream = await openEventStream(`${b.url}/appkit/v1/config/stream?projectId=latch-dev&st=latch`)
    streams.push(stream)
    const initial = JSON.parse((await stream.nextEvent(WAIT_MS))!.data!) as { features: Record<string, unknown> }
    expect(initial.features.swaps).toBe(true)

    const patched = await fetch(`${a.url}/admin/api/projects/latch-dev`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${a.server.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ features: { swaps: false } }),
    })
    expect(patched.status).toBe(200)
    // Under the 10 s safety-net poll: only the notification brings it this soon.
    const changed = await stream.nextEvent(PUSHED_MS)
    expect(changed?.event).toBe('config')
    expect(JSON.parse(changed!.data!)).toEqual({ features: { ...initial.features, swaps: false } })
    // B's own answer agrees: its memory copy moved, not only the stream.
    expect(await (await fetch(`${b.url}/appkit/v1/config?projectId=latch-dev&st=latch`)).json()).toEqual(JSON.parse(changed!.data!))
  })
})
