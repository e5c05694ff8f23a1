import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type Redis from 'ioredis'
import { startRedisServer, type RedisServer } from '../../../test/support/redis/startRedisServer.js'
import { openRedis } from '../redis/openRedis.js'
import { untilRedisReady } from '../redis/untilRedisReady.js'
import { createServer, type LatchServer } from '../../createServer.js'
import { openRateLimiter, type RateLimiter, type RateLimitOptions } from './openRateLimiter.js'

// Issue 31: one limiter, two stores. The same contract holds in memory (one instance) and in
// Redis (every instance), and through Redis two instances spend from one budget exactly.
let redis: RedisServer
const connections: Redis[] = []
beforeAll(async () => {
  redis = await startRedisServer()
})
afterAll(async () => {
  for (const connection of connections) connection.disconnect()
  await redis.stop()
})

let prefixes = 0
/** Limiters sharing one store: the memory one can only be itself; Redis ones share a fresh key prefix. */
function limiters(kind: 'memory' | 'redis', options: RateLimitOptions): () => Promise<RateLimiter> {
  if (kind === 'memory') {
    const only = openRateLimiter(options)
    return async () => only
  }
  const keyPrefix = `test-${++prefixes}`
  return async () => {
    const connection = openRedis(redis.url, 'rate-limit-test')
    connections.push(connection)
    // Counted in Redis from the first hit, not in the stand-in memory limiter.
    expect(await untilRedisReady(connection)).toBe(true)
    return openRateLimiter(options, { redis: connection, keyPrefix })
  }
}

describe.each(['memory', 'redis'] as const)('given a rate limiter in %s', (kind) => {
  it('admits a client up to the limit, then says how many seconds to wait, and keeps clients apart', async () => {
    const limiter = await limiters(kind, { max: 3, windowMs: 60_000 })()
    for (let i = 0; i < 3; i++) expect(await limiter.hit('203.0.113.1')).toBeUndefined()
    const wait = await limiter.hit('203.0.113.1')
    expect(wait).toBeGreaterThanOrEqual(1)
    expect(wait).toBeLessThanOrEqual(60)
    expect(await limiter.hit('203.0.113.2')).toBeUndefined()
  })

  it('opens a new window once the last one ends', async () => {
    const limiter = await limiters(kind, { max: 1, windowMs: 1_000 })()
    expect(await limiter.hit('203.0.113.3')).toBeUndefined()
    expect(await limiter.hit('203.0.113.3')).toBe(1)
    await expect.poll(() => limiter.hit('203.0.113.3'), { timeout: 5_000, interval: 200 }).toBeUndefined()
  })

  it('a flood of new addresses resets no limited client’s window (memory is bounded by evicting the least recent)', async () => {
    const limiter = await limiters(kind, { max: 2, windowMs: 60_000, maxClients: 100 })()
    for (let i = 0; i < 2; i++) await limiter.hit('203.0.113.4')
    expect(await limiter.hit('203.0.113.4')).toBeDefined()
    for (let i = 0; i < 99; i++) expect(await limiter.hit(`2001:db8::${i.toString(16)}`)).toBeUndefined()
    // Still among the 100 most recent: still limited.
    expect(await limiter.hit('203.0.113.4')).toBeDefined()
  })
})

describe('given two limiters on one Redis (two instances)', () => {
  it('they spend one budget exactly: limit 10, 6 hits on each, exactly 2 refused', async () => {
    const open = limiters('redis', { max: 10, windowMs: 60_000 })
    const [a, b] = [await open(), await open()]
    const answers = await Promise.all([...Array.from({ length: 6 }, () => a.hit('198.51.100.1')), ...Array.from({ length: 6 }, () => b.hit('198.51.100.1'))])
    expect(answers.filter((wait) => wait !== undefined)).toHaveLength(2)
  })
})

describe('given two backends on one Redis (--redis)', () => {
  const servers: LatchServer[] = []
  afterAll(async () => {
    for (const server of servers) await server.close()
  })

  it('a client spends one budget across both: limit 10, 6 requests on each, exactly 2 answered 429 RATE_LIMITED with Retry-After', async () => {
    for (let i = 0; i < 2; i++) servers.push(await createServer({ rateLimit: { max: 10, windowMs: 60_000 }, redisUrl: redis.url }))
    const get = (server: LatchServer) => server.app.inject({ method: 'GET', url: '/projects/v1/origins?projectId=latch-dev' })
    // Positive control: a first request on each is served.
    const responses = [await get(servers[0]!), await get(servers[1]!)]
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200])
    for (let i = 0; i < 5; i++) responses.push(await get(servers[0]!), await get(servers[1]!))
    const refused = responses.filter((response) => response.statusCode === 429)
    expect(refused).toHaveLength(2)
    for (const response of refused) {
      expect(response.json()).toEqual({ code: 'RATE_LIMITED', message: 'Rate limited' })
      expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    }
  })
})
