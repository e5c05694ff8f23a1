import { randomBytes } from 'node:crypto'
import { ResilientRelayPeer } from './ResilientRelayPeer.js'

let peers = 0
/** A client address of its own for each peer in this process (the relay caps sockets per address). */
const nextClientIp = () => `10.${(++peers >> 16) & 255}.${(peers >> 8) & 255}.${peers & 255}`

/** One topic's pair: a publisher and a subscriber, each on its own socket. */
interface Lane {
  topic: string
  publisher: ResilientRelayPeer
  subscriber: ResilientRelayPeer
  acknowledged: string[]
}

/** Publishers and subscribers spread over relay URLs, publishing until stopped; what was acknowledged and what arrived. */
export interface RelayTraffic {
  /** Starts each publisher's loop: one message at a time, the next once the relay acknowledged it. */
  start(): void
  /** Stops the loops and waits for the messages in flight to be acknowledged. */
  stop(): Promise<void>
  acknowledged(): number
  /** Acknowledged messages no subscriber has received yet. */
  missing(): number
  /** Sockets opened again after a drop, over all peers. */
  reconnects(): number
  close(): void
}

/**
 * `lanes` topics, each with a subscriber on `relayUrls[i % n]` and a publisher on the next URL,
 * so every message crosses instances. Each peer has its own client address; `label` names the
 * messages.
 */
export async function startRelayTraffic(relayUrls: string[], lanes: number, label: string, intervalMs = 20): Promise<RelayTraffic> {
  const all: Lane[] = Array.from({ length: lanes }, (_, index) => ({
    topic: randomBytes(32).toString('hex'),
    subscriber: new ResilientRelayPeer(relayUrls[index % relayUrls.length]!, nextClientIp()),
    publisher: new ResilientRelayPeer(relayUrls[(index + 1) % relayUrls.length]!, nextClientIp()),
    acknowledged: [],
  }))
  await Promise.all(all.flatMap((lane) => [lane.subscriber.connect().then(() => lane.subscriber.subscribe(lane.topic)), lane.publisher.connect()]))
  let running = false
  let loops: Promise<void>[] = []
  const loop = async (lane: Lane, index: number) => {
    for (let n = 0; running; n++) {
      const message = `${label}-${index}-${n}`
      await lane.publisher.publish(lane.topic, message)
      lane.acknowledged.push(message)
      await new Promise((resolve) => setTimeout(resolve, intervalMs))
    }
  }
  return {
    start() {
      running = true
      loops = all.map((lane, index) => loop(lane, index))
    },
    async stop() {
      running = false
      await Promise.all(loops)
    },
    acknowledged: () => all.reduce((sum, lane) => sum + lane.acknowledged.length, 0),
    missing: () => all.reduce((sum, lane) => sum + lane.acknowledged.filter((message) => !lane.subscriber.received.has(message)).length, 0),
    reconnects: () => all.reduce((sum, lane) => sum + lane.publisher.reconnects + lane.subscriber.reconnects, 0),
    close() {
      for (const lane of all) lane.publisher.close(), lane.subscriber.close()
    },
  }
}
