// `npm run bench:cluster` (issue 31): relay sockets across 4 instances behind HAProxy on loopback,
// a steady publish rate, then one instance SIGKILLed while the traffic goes on. Prints messages
// lost (must be 0), delivery latency p50/p99, how long the killed instance's clients took to be
// back, and this load generator's own event-loop p99 (a high one means the figures measure this
// process, not the cluster).
//
// BENCH_SOCKETS (10000), BENCH_SECONDS (60), BENCH_RATE (messages a second, 1000), BENCH_INSTANCES (4).
// Sockets go through HAProxy, each on the front that prefers one instance (so the killed
// instance's clients are known) and falls back on the others. Above 4,000 sockets two HAProxy
// processes share the ports (SO_REUSEPORT): one process holds about 9,985 connections under the
// 20,000 open-file limit, and each proxied socket takes two.
import { randomBytes } from 'node:crypto'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { startCluster } from '../../test/support/cluster/startCluster.js'
import { ResilientRelayPeer } from '../../test/support/cluster/ResilientRelayPeer.js'
import { percentile } from './percentile.js'

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60)
const RATE = Number(process.env.BENCH_RATE ?? 1_000)
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 4)
const AFTER_KILL_SECONDS = 10
const KILLED = 1
const haproxyProcesses = SOCKETS > 4_000 ? 2 : 1

interface Lane {
  topic: string
  instance: number
  subscriber: ResilientRelayPeer
  publisher: ResilientRelayPeer
}

const sentAt = new Map<string, number>()
const latencies: number[] = []
const acknowledged = new Set<string>()
let publishFailures = 0

console.log(`Starting ${INSTANCES} instances behind ${haproxyProcesses} HAProxy process(es)…`)
// Each instance holds its share of the sockets, and a dead instance's clients on top.
const cluster = await startCluster({ instances: INSTANCES, haproxyProcesses, maxconn: 9_000, relayMaxConnections: SOCKETS })
const lanes: Lane[] = []
try {
  if (cluster.healthWarning) console.log(`Note: ${cluster.healthWarning}`)
  const ip = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
  for (let index = 0; index < SOCKETS / 2; index++) {
    // Subscriber and publisher on different instances: every message crosses instances.
    const instance = index % INSTANCES
    const onMessage = (message: string) => {
      const sent = sentAt.get(message)
      if (sent !== undefined) latencies.push(performance.now() - sent)
    }
    lanes.push({
      topic: randomBytes(32).toString('hex'),
      instance,
      subscriber: new ResilientRelayPeer(cluster.instances[instance]!.pinnedRelayUrl, ip(2 * index + 1), onMessage),
      publisher: new ResilientRelayPeer(cluster.instances[(instance + 1) % INSTANCES]!.pinnedRelayUrl, ip(2 * index + 2)),
    })
  }
  const connectStarted = performance.now()
  // 200 upgrades at a time (100 lanes): the instances verify a token on each.
  const connected = (async () => {
    for (let start = 0; start < lanes.length; start += 100)
      await Promise.all(lanes.slice(start, start + 100).flatMap((lane) => [lane.subscriber.connect().then(() => lane.subscriber.subscribe(lane.topic)), lane.publisher.connect()]))
  })()
  // Refused upgrades are retried forever (as a wallet would): give up on the run instead.
  const connectTimeout = new Promise<'timeout'>((resolve) => setTimeout(resolve, 180_000, 'timeout').unref())
  if ((await Promise.race([connected, connectTimeout])) === 'timeout') {
    const refused = lanes.reduce((sum, lane) => sum + lane.subscriber.refusedUpgrades + lane.publisher.refusedUpgrades, 0)
    throw new Error(`not every socket opened within 180 s (${refused} upgrades refused: the instances' relay socket cap?)`)
  }
  console.log(`${SOCKETS} sockets open and subscribed in ${((performance.now() - connectStarted) / 1000).toFixed(1)} s`)

  const loop = monitorEventLoopDelay({ resolution: 10 })
  loop.enable()
  let sequence = 0
  const inFlight = new Set<Promise<void>>()
  const publishOne = () => {
    const lane = lanes[sequence % lanes.length]!
    const message = `m${sequence++}`
    sentAt.set(message, performance.now())
    const sent = lane.publisher.publish(lane.topic, message).then(
      () => void acknowledged.add(message),
      () => void publishFailures++,
    )
    inFlight.add(sent)
    void sent.finally(() => inFlight.delete(sent))
  }
  // Ticks of 10 ms, each catching up to the rate since the start, so a late tick does not lower it.
  const publishFor = async (seconds: number) => {
    const start = performance.now()
    let published = 0
    while (performance.now() - start < seconds * 1_000) {
      const due = Math.floor(((performance.now() - start) / 1_000) * RATE)
      while (published < due) publishOne(), published++
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }
  await publishFor(SECONDS)
  const beforeKill = latencies.length

  const killedLanes = lanes.filter((lane) => lane.instance === KILLED || (lane.instance + 1) % INSTANCES === KILLED)
  const killedPeers = killedLanes.flatMap((lane) => [...(lane.instance === KILLED ? [lane.subscriber] : []), ...((lane.instance + 1) % INSTANCES === KILLED ? [lane.publisher] : [])])
  const reconnectsBefore = new Map(killedPeers.map((peer) => [peer, peer.reconnects]))
  const killAt = performance.now()
  await cluster.kill(KILLED)
  console.log(`Instance ${KILLED} killed (SIGKILL); ${killedPeers.length} of its sockets reconnect through HAProxy`)
  await publishFor(AFTER_KILL_SECONDS)
  const back = killedPeers.every((peer) => peer.reconnects > reconnectsBefore.get(peer)!)
  const backAfter = back ? Math.max(...killedPeers.map((peer) => peer.lastBackAt! - killAt)) : Number.NaN

  await Promise.all(inFlight)
  // Stragglers: what was acknowledged but not yet delivered gets a bounded wait.
  const deadline = performance.now() + 30_000
  const received = () => lanes.reduce((sum, lane) => sum + lane.subscriber.received.size, 0)
  while (received() < acknowledged.size && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
  loop.disable()

  // Message `m<n>` went on lane n mod lanes.
  const lost = [...acknowledged].filter((message) => !lanes[Number(message.slice(1)) % lanes.length]!.subscriber.received.has(message)).length
  const refused = lanes.reduce((sum, lane) => sum + lane.subscriber.refusedUpgrades + lane.publisher.refusedUpgrades, 0)
  const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(1)} ms`)
  const rows: Array<[string, string]> = [
    ['sockets (instances, HAProxy processes)', `${SOCKETS} (${INSTANCES}, ${haproxyProcesses})`],
    ['publish rate, duration', `${RATE}/s for ${SECONDS} s, then ${AFTER_KILL_SECONDS} s after the kill`],
    ['messages acknowledged', String(acknowledged.size)],
    ['messages lost (must be 0)', String(lost)],
    ['publishes given up', String(publishFailures)],
    ['delivery p50 / p99 (before the kill)', `${ms(percentile(latencies.slice(0, beforeKill), 50))} / ${ms(percentile(latencies.slice(0, beforeKill), 99))}`],
    ['delivery p50 / p99 (whole run)', `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 99))}`],
    ["killed instance's clients back after", back ? ms(backAfter) : `not all back within ${AFTER_KILL_SECONDS} s`],
    ['upgrades refused (retried)', String(refused)],
    ['load generator event-loop p99', ms(loop.percentile(99) / 1e6)],
  ]
  const width = Math.max(...rows.map(([label]) => label.length))
  console.log(`\n${rows.map(([label, value]) => `| ${label.padEnd(width)} | ${value} |`).join('\n')}\n`)
  process.exitCode = lost === 0 ? 0 : 1
} finally {
  for (const lane of lanes) lane.subscriber.close(), lane.publisher.close()
  await cluster.stop()
}
