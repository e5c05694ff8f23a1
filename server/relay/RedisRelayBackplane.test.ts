import Fastify, { type FastifyInstance } from 'fastify'
import type Redis from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openRedis } from '../plugins/redis/openRedis.js'
import { relaySocketUrl } from '../../test/support/createRelayAuthToken.js'
import { openRelayClient } from '../../test/support/relayClient.js'
import { startRedisServer, type RedisServer } from '../../test/support/redis/startRedisServer.js'
import { testDatabaseKind } from '../../test/support/testDatabase.js'
import { relayPlugin } from './relayPlugin.js'

// Issue 31: what the Redis backplane holds in Redis, seen from another connection: a channel
// listened to only while a socket here subscribes, and its connections gone once the app closes.
let redis: RedisServer
let admin: Redis

beforeAll(async () => {
  if (testDatabaseKind() === 'postgres') return
  redis = await startRedisServer()
  admin = openRedis(redis.url, 'test-admin')
})
afterAll(async () => {
  admin?.disconnect()
  await redis?.stop()
})

async function startRelay(): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify()
  await app.register(relayPlugin, { path: '/relay', redisUrl: redis.url })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  return { app, url: `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/relay` }
}

const topic = (n: number) => n.toString(16).padStart(64, '0')
const listeners = async (onTopic: string) => Number(((await admin.pubsub('NUMSUB', `latch:relay:{${onTopic}}`)) as [string, number])[1])
const relayConnections = async () =>
  String(await admin.call('CLIENT', 'LIST'))
    .split('\n')
    .map((line) => / name=(\S*)/.exec(line)?.[1])
    .filter((name): name is string => name?.startsWith('latch-relay-') === true)
    .sort()

// The Redis relay leaves the database alone: once, on the SQLite run, is enough.
describe.skipIf(testDatabaseKind() === 'postgres')('given a relay on Redis', () => {
  it('31: listens to a topic’s channel while a socket of its own subscribes to it, and stops when the last leaves or closes', async () => {
    const relay = await startRelay()
    try {
      const [first, second] = [await openRelayClient(relaySocketUrl(relay.url)), await openRelayClient(relaySocketUrl(relay.url))]
      expect(await listeners(topic(1))).toBe(0)
      await first.call('irn_subscribe', { topic: topic(1) })
      await second.call('irn_subscribe', { topic: topic(1) })
      expect(await listeners(topic(1))).toBe(1)

      expect((await first.call('irn_unsubscribe', { topic: topic(1) })).result).toBe(true)
      expect(await listeners(topic(1))).toBe(1)
      second.ws.close()
      await expect.poll(() => listeners(topic(1))).toBe(0)
      first.ws.close()
    } finally {
      await relay.app.close()
    }
  })

  it('31: publishes through its script (EVALSHA), stores the message in the topic’s stream until its TTL, and closes its two connections with the app', async () => {
    const relay = await startRelay()
    // Both connect in the background: the plugin does not wait for Redis to start serving.
    await expect.poll(relayConnections).toEqual(['latch-relay-publish', 'latch-relay-subscribe'])
    const publisher = await openRelayClient(relaySocketUrl(relay.url))
    // ioredis sends the script's source once per connection (EVAL, which caches it), its hash after.
    expect((await publisher.call('irn_publish', { topic: topic(2), message: 'kept', ttl: 300, tag: 1 })).result).toBe(true)
    expect((await publisher.call('irn_publish', { topic: topic(2), message: 'also kept', ttl: 60, tag: 1 })).result).toBe(true)
    const entries = await admin.xrange(`latch:relay:{${topic(2)}}:stream`, '-', '+')
    expect(entries.map(([, fields]) => JSON.parse(fields[1]!).message)).toEqual(['kept', 'also kept'])
    const ttl = await admin.pttl(`latch:relay:{${topic(2)}}:stream`)
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(300_000)
    expect(String(await admin.info('commandstats'))).toMatch(/cmdstat_evalsha:calls=[1-9]/)

    publisher.ws.close()
    await relay.app.close()
    await expect.poll(relayConnections).toEqual([])
  })
})
