import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type Redis from 'ioredis'
import { randomBytes } from 'node:crypto'
import { startRedisServer, type RedisServer } from '../../../test/support/redis/startRedisServer.js'
import { openRedis } from './openRedis.js'
import { memoryExpiringStore, openExpiringStore, type ExpiringStore } from './ExpiringStore.js'

// Issue 31: login state in flight, one contract on both stores. In Redis two instances' stores
// see one value, and a one-time value is taken by exactly one of them.
let redis: RedisServer
const connections: Redis[] = []
const secret = randomBytes(32)
beforeAll(async () => {
  redis = await startRedisServer()
})
afterAll(async () => {
  for (const connection of connections) connection.disconnect()
  await redis.stop()
})

let names = 0
/** Two instances' stores on one shared state: in memory the same store (one instance) twice. */
function pair(kind: 'memory' | 'redis'): [ExpiringStore<unknown>, ExpiringStore<unknown>] {
  if (kind === 'memory') {
    const only = memoryExpiringStore<unknown>()
    return [only, only]
  }
  const name = `test-${++names}`
  const open = () => {
    const connection = openRedis(redis.url, 'expiring-store-test')
    connections.push(connection)
    return openExpiringStore<unknown>(name, connection, secret)
  }
  return [open(), open()]
}

describe.each(['memory', 'redis'] as const)('given login state in %s', (kind) => {
  it('keeps a value (byte arrays included) for its TTL, readable from either instance', async () => {
    const [a, b] = pair(kind)
    const value = { userId: 'u1', share: new Uint8Array([1, 2, 255]) }
    await a.put('k', value, 60_000)
    expect(await b.get('k')).toEqual(value)
    expect(await a.get('k')).toEqual(value)
  })

  it('a one-time value is taken once: 20 takes at once across two instances, exactly one gets it', async () => {
    const [a, b] = pair(kind)
    await a.put('ticket', { userId: 'u2' }, 60_000)
    const taken = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).take('ticket')))
    expect(taken.filter((value) => value !== undefined)).toEqual([{ userId: 'u2' }])
    expect(await a.get('ticket')).toBeUndefined()
  })

  it('forgets a value once its TTL has passed', async () => {
    const [a, b] = pair(kind)
    await a.put('short', 'soon gone', 200)
    expect(await b.get('short')).toBe('soon gone')
    await expect.poll(() => b.take('short'), { timeout: 5_000, interval: 50 }).toBeUndefined()
  })
})

describe('given login state in Redis', () => {
  it('holds values sealed: the raw Redis value shows no share, and another secret cannot open it', async () => {
    const [a] = pair('redis')
    await a.put('sealed', { share: 'deadbeef-share' }, 60_000)
    const raw = connections.at(-1)!
    const [key] = await raw.keys('latch:*:sealed')
    expect((await raw.getBuffer(key!))!.toString('latin1')).not.toContain('deadbeef')
    const other = openExpiringStore(key!.split(':')[1]!, raw, randomBytes(32))
    await expect(other.get('sealed')).rejects.toThrow()
  })
})

describe('given login state in memory with a bound', () => {
  it('keeps at most maxEntries, dropping the oldest first', async () => {
    const store = memoryExpiringStore<number>({ maxEntries: 3 })
    for (let i = 0; i < 5; i++) await store.put(`k${i}`, i, 60_000)
    expect(await Promise.all([0, 1, 2, 3, 4].map((i) => store.get(`k${i}`)))).toEqual([undefined, undefined, 2, 3, 4])
  })
})
