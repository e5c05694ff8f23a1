import Redis from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCluster, type Cluster } from '../support/cluster/startCluster.js'
import { startRelayTraffic, type RelayTraffic } from '../support/cluster/relayTraffic.js'

// Issue 31: the relay across instances loses no acknowledged message, whatever happens to one
// instance or to Redis. Raw clients that reconnect and re-publish as WalletConnect's do; each
// subscriber sits on another instance than its topic's publisher.
const LANES = 8
let cluster: Cluster
let traffic: RelayTraffic | undefined

beforeAll(async () => {
  cluster = await startCluster({ instances: 4 })
})
afterAll(async () => {
  traffic?.close()
  await cluster?.stop()
})

/** Publishes while `disturb` runs, then waits until every acknowledged message has arrived. */
async function publishThrough(label: string, disturb: () => Promise<void>) {
  traffic?.close()
  traffic = await startRelayTraffic(cluster.instances.map((instance) => instance.pinnedRelayUrl), LANES, label)
  traffic.start()
  // Some traffic before the disturbance, as a control that delivery works at all.
  await expect.poll(() => traffic!.acknowledged(), { timeout: 15_000 }).toBeGreaterThanOrEqual(LANES * 5)
  await disturb()
  const before = traffic.acknowledged()
  await expect.poll(() => traffic!.acknowledged(), { timeout: 30_000 }).toBeGreaterThanOrEqual(before + LANES * 5)
  await traffic.stop()
  await expect.poll(() => traffic!.missing(), { timeout: 30_000 }).toBe(0)
  console.log(`${label}: ${traffic.acknowledged()} acknowledged, ${traffic.missing()} lost`)
}

describe('given 4 instances relaying for each other through Redis', () => {
  it('positive control: messages published on one instance reach subscribers on another', async () => {
    await publishThrough('control', async () => undefined)
  })

  it('a rolling restart (each instance restarted in turn while clients publish) loses no message', async () => {
    await publishThrough('rolling', async () => {
      for (let index = 0; index < cluster.instances.length; index++) await cluster.restart(index)
    })
    // The restarts did cut the clients off: every peer was on one of the restarted instances.
    expect(traffic!.reconnects()).toBeGreaterThanOrEqual(LANES * 2)
  })

  it('a Redis pub/sub disconnect (CLIENT KILL TYPE pubsub) loses no message', async () => {
    const admin = new Redis(cluster.redisUrl)
    try {
      await publishThrough('pubsub-kill', async () => {
        // An instance holds a pub/sub connection while it has local subscribers: all are cut, and
        // there must be some (after the restarts the subscribers are on some instances, not all).
        expect(await admin.client('KILL', 'TYPE', 'pubsub')).toBeGreaterThan(0)
      })
    } finally {
      admin.disconnect()
    }
  })
})
