import { afterEach, describe, expect, it } from 'vitest'
import { createServer, type LatchServer } from '../createServer.js'
import { startRedisServer, type RedisServer } from '../../test/support/redis/startRedisServer.js'
import { openTestStorage, type TestStorage } from '../../test/support/openTestStorage.js'

// Issue 31: the balancer's health check. 200 while the database and Redis answer; 503 naming the
// one that stopped, within about a second (its own deadline), so the instance leaves rotation.
const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function serve(options: { redis?: RedisServer; storage?: TestStorage } = {}): Promise<LatchServer> {
  const server = await createServer({ redisUrl: options.redis?.url, storage: options.storage?.storage, rateLimit: { max: 2, windowMs: 60_000 } })
  cleanups.push(() => server.close())
  return server
}
const health = async (server: LatchServer) => {
  const response = await server.app.inject({ method: 'GET', url: '/health' })
  return { status: response.statusCode, body: response.json() as unknown, cacheControl: response.headers['cache-control'] }
}

describe('given GET /health', () => {
  it('31: without Redis (the embedded default) is 200 with the database ok and Redis absent, and is never rate limited', async () => {
    const server = await serve()
    for (let i = 0; i < 5; i++) expect(await health(server)).toEqual({ status: 200, body: { status: 'ok', checks: { database: 'ok', redis: 'absent' } }, cacheControl: 'no-store' })
  })

  it('31: with Redis is 200 while it answers, 503 naming Redis once it is stopped', async () => {
    const redis = await startRedisServer()
    cleanups.push(() => redis.stop())
    const server = await serve({ redis })
    expect(await health(server)).toMatchObject({ status: 200, body: { status: 'ok', checks: { database: 'ok', redis: 'ok' } } })
    await redis.stop()
    await expect.poll(() => health(server)).toMatchObject({ status: 503, body: { status: 'unavailable', checks: { database: 'ok', redis: 'down' } } })
  })

  it('31: is 503 naming the database once it does not answer', async () => {
    const storage = await openTestStorage()
    cleanups.push(() => storage.close().catch(() => undefined))
    const server = await serve({ storage })
    expect(await health(server)).toMatchObject({ status: 200, body: { checks: { database: 'ok' } } })
    await storage.storage.close()
    storage.sqlite.close()
    expect(await health(server)).toEqual({ status: 503, body: { status: 'unavailable', checks: { database: 'down', redis: 'absent' } }, cacheControl: 'no-store' })
  })
})
