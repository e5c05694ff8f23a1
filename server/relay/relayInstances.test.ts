import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { relaySocketUrl } from '../../test/support/createRelayAuthToken.js'
import { openRelayClient, type RelayClient } from '../../test/support/relayClient.js'
import { openTestStorage, type TestStorage } from '../../test/support/openTestStorage.js'
import { testDatabaseKind } from '../../test/support/testDatabase.js'
import { relayPlugin } from './relayPlugin.js'

// Issue 28: the relay's mailbox in the storage layer. On Postgres two relay instances share it
// (a client may reach either, behind a load balancer); on SQLite one instance owns its file.
const shared = testDatabaseKind() === 'postgres'
const opened: TestStorage[] = []
const relays: Array<{ app: FastifyInstance; url: string }> = []
const DELIVERY = { timeout: 15_000 }

async function startRelayInstance(storage: TestStorage): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify()
  await app.register(relayPlugin, { path: '/relay', storage: storage.storage, pullIntervalMs: 100, maxConnectionsPerIp: 200 })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  return { app, url: `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/relay` }
}

beforeAll(async () => {
  opened.push(await openTestStorage())
  if (shared) opened.push(await openTestStorage({ url: opened[0]!.url }))
  for (const storage of opened) relays.push(await startRelayInstance(storage))
})
afterAll(async () => {
  for (const relay of relays) await relay.app.close()
  for (const storage of opened) await storage.close()
})

const topic = (n: number) => n.toString(16).padStart(64, '0')
const client = (instance: number) => openRelayClient(relaySocketUrl(relays[instance % relays.length]!.url))
const deliveries = (subscriber: RelayClient, message: string) => subscriber.inbox.filter((m) => m.method === 'irn_subscription' && m.params.data.message === message).length
const storedRows = async (onTopic: string) =>
  Number((await opened[0]!.storage.db.selectFrom('relay_messages').where('topic', '=', onTopic).select((row) => row.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)

describe(`given the relay's mailbox on ${testDatabaseKind()} (${shared ? 'two instances' : 'one instance'})`, () => {
  it('28: 50 concurrent publishes of one message (a client retrying on every instance) are each acknowledged, the message is stored once and delivered once', async () => {
    const publishers = await Promise.all(Array.from({ length: 50 }, (_, i) => client(i)))
    const answers = await Promise.all(publishers.map((publisher) => publisher.call('irn_publish', { topic: topic(1), message: 'once', ttl: 300, tag: 1108 })))
    expect(answers.map((answer) => answer.result)).toEqual(Array(50).fill(true))
    // Acknowledged means committed: the row is there now, and only one.
    expect(await storedRows(topic(1))).toBe(1)

    const wallet = await client(1)
    await wallet.call('irn_subscribe', { topic: topic(1) })
    await expect.poll(() => deliveries(wallet, 'once'), DELIVERY).toBe(1)
    // A later message on the same topic, through the other instance: once it is here, every
    // read of the first (this instance's own, and each pull of the shared table) has happened too.
    await publishers[0]!.call('irn_publish', { topic: topic(1), message: 'fence', ttl: 300, tag: 1108 })
    await expect.poll(() => deliveries(wallet, 'fence'), DELIVERY).toBe(1)
    expect(deliveries(wallet, 'once')).toBe(1)
    for (const each of [...publishers, wallet]) each.ws.close()
  })

  it.skipIf(!shared)('28: a message published on one instance reaches a subscriber on the other, never back to its publisher', async () => {
    const [dapp, wallet] = [await client(0), await client(1)]
    await dapp.call('irn_subscribe', { topic: topic(2) })
    await wallet.call('irn_subscribe', { topic: topic(2) })
    expect((await dapp.call('irn_publish', { topic: topic(2), message: 'request', ttl: 300, tag: 1108 })).result).toBe(true)
    await expect.poll(() => deliveries(wallet, 'request'), DELIVERY).toBe(1)
    expect((await wallet.call('irn_publish', { topic: topic(2), message: 'response', ttl: 300, tag: 1109 })).result).toBe(true)
    await expect.poll(() => deliveries(dapp, 'response'), DELIVERY).toBe(1)
    expect(deliveries(dapp, 'request')).toBe(0)
    expect(deliveries(wallet, 'response')).toBe(0)
    dapp.ws.close()
    wallet.ws.close()
  })
})
