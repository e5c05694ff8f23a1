import { randomBytes } from 'node:crypto'
import type Redis from 'ioredis'
import { openRedis } from '../plugins/redis/openRedis.js'
import { LocalSubscriptions } from './LocalSubscriptions.js'
import { RelayStorageError, type RelayBackplane, type RelayPublish } from './RelayBackplane.js'
import { RelayLimitError, type RelayLimits, type RelayMessage, type RelayPeer } from './RelayHub.js'
import { relayMessageId } from './relayMessageId.js'
import { RELAY_PUBLISH_SCRIPT } from './relayPublishScript.js'

/** A message as it crosses Redis: which socket of which instance published it rides along. */
type CarriedMessage = Omit<RelayMessage, 'from' | 'owner'> & { id: string; origin: string }

type PublishingRedis = Redis & { relayPublish(...keysThenArgs: Array<string | number>): Promise<string | number> }

// One Redis, not Redis Cluster: the publish script touches a topic's keys and the budgets' together.
const CHANNEL_PREFIX = 'latch:relay:{'
const channelOf = (topic: string) => `${CHANNEL_PREFIX}${topic}}`
const topicOf = (channel: string) => channel.slice(CHANNEL_PREFIX.length, -1)
const streamOf = (topic: string) => `latch:relay:{${topic}}:stream`
const seenKeyOf = (topic: string, id: string) => `latch:relay:{${topic}}:seen:${id}`
const budgetKeysOf = (owner: string) => [`latch:relay:owner:{${owner}}:held`, `latch:relay:owner:{${owner}}:bytes`]
const RELAY_BUDGET_KEYS = ['latch:relay:held', 'latch:relay:bytes']

/** Whether stream id `a` comes after `b` (`ms-seq`, each a number). */
const isAfter = (a: string, b: string) => {
  const [aMs, aSeq] = a.split('-').map(Number) as [number, number]
  const [bMs, bSeq] = b.split('-').map(Number) as [number, number]
  return aMs > bMs || (aMs === bMs && aSeq > bSeq)
}

const parse = (json: string): CarriedMessage | undefined => {
  try {
    return JSON.parse(json) as CarriedMessage
  } catch {
    return undefined
  }
}

/** Ends a connection: QUIT lets its replies arrive; one that is not up is dropped. */
async function end(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    try {
      await redis.quit()
      return
    } catch {
      // Dropped below.
    }
  }
  redis.disconnect()
}

/**
 * The relay shared through Redis (issue 31, `redisUrl`): a pub/sub channel per topic, listened to
 * while a socket here subscribes to it, and a stream per topic as its mailbox until the TTL.
 * Publishing is one script (`RELAY_PUBLISH_SCRIPT`), acknowledged once it has returned. Every
 * subscribe reads the stream after its channel is listened to, so nothing published in between
 * is lost; when the subscriber connection comes back after a drop, each topic's stream is read
 * on from the last id delivered here. What a socket receives twice that way is left out by the
 * socket layer (`DeliveredMessages`).
 */
export class RedisRelayBackplane implements RelayBackplane {
  readonly #commands: PublishingRedis
  readonly #subscriber: Redis
  readonly #local: LocalSubscriptions
  /** The newest stream id heard per topic with a subscriber here: where a recovery reads on from. */
  readonly #lastIds = new Map<string, string>()
  /** The SUBSCRIBE of each topic listened to, which a topic's later subscribers wait for too. */
  readonly #listening = new Map<string, Promise<unknown>>()
  readonly #origins = new WeakMap<RelayPeer, string>()
  readonly #instance = randomBytes(8).toString('hex')
  #nextPeer = 0
  #dropped = false

  /**
   * @param url - `redis://host:port[/db]`
   * @param limits - the relay's limits: TTLs, messages per topic, subscriptions and bytes per client
   */
  constructor(
    url: string,
    private readonly limits: RelayLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.#local = new LocalSubscriptions(limits.maxSubscriptionsPerPeer)
    this.#commands = openRedis(url, 'relay-publish') as PublishingRedis
    this.#commands.defineCommand('relayPublish', { numberOfKeys: 6, lua: RELAY_PUBLISH_SCRIPT })
    this.#subscriber = openRedis(url, 'relay-subscribe')
    this.#subscriber.on('message', (channel: string, payload: string) => this.#onPublished(channel, payload))
    this.#subscriber.on('close', () => (this.#dropped = true))
    this.#subscriber.on('ready', () => {
      if (!this.#dropped) return
      this.#dropped = false
      this.#recover().catch((error: unknown) => console.error('[latch relay] recovering messages after a Redis reconnect failed', error))
    })
  }

  async subscribe(peer: RelayPeer, topic: string): Promise<string> {
    const { id, first } = this.#local.add(peer, topic)
    let listening = this.#listening.get(topic)
    if (first || !listening) {
      listening = this.#subscriber.subscribe(channelOf(topic))
      this.#listening.set(topic, listening)
    }
    try {
      await listening
    } catch (error) {
      if (this.#listening.get(topic) === listening) this.#listening.delete(topic)
      throw new RelayStorageError({ cause: error })
    }
    // Read after listening: a message published in between is in the stream, heard live, or both.
    for (const [streamId, message] of await this.#read(topic, '-')) {
      this.#advance(topic, streamId)
      if (this.#local.subscribers(topic).get(peer) === id && !this.#isOwn(message, peer)) peer.deliver(id, message)
    }
    return id
  }

  unsubscribe(peer: RelayPeer, topic: string): void {
    if (this.#local.delete(peer, topic)) this.#stopListening(topic)
  }

  remove(peer: RelayPeer): void {
    for (const topic of this.#local.deletePeer(peer)) this.#stopListening(topic)
  }

  async publish(sender: RelayPeer, params: RelayPublish): Promise<void> {
    const ttl = Math.min(Math.max(params.ttl, this.limits.minTtlSeconds), this.limits.maxTtlSeconds) * 1000
    const publishedAt = this.now()
    const carried: CarriedMessage = {
      id: relayMessageId(params),
      topic: params.topic,
      message: params.message,
      tag: params.tag,
      publishedAt,
      expiresAt: publishedAt + ttl,
      fromClient: sender.clientId,
      origin: this.#originOf(sender),
    }
    const keys = [seenKeyOf(params.topic, carried.id), streamOf(params.topic), ...budgetKeysOf(sender.owner ?? ''), ...RELAY_BUDGET_KEYS]
    const args = [
      channelOf(params.topic),
      ttl,
      this.limits.maxMessagesPerTopic,
      JSON.stringify(carried),
      publishedAt,
      params.message.length,
      sender.owner === undefined ? 0 : this.limits.maxBytesPerOwner,
      this.limits.maxBytesTotal,
      carried.id,
      carried.expiresAt,
    ]
    let outcome: string | number
    try {
      outcome = await this.#commands.relayPublish(...keys, ...args)
    } catch (error) {
      throw new RelayStorageError({ cause: error })
    }
    if (outcome === -1) throw new RelayLimitError('Too many bytes held for this client: wait until its messages expire')
    if (outcome === -2) throw new RelayLimitError('Relay is full')
  }

  async fetch(topics: readonly string[]): Promise<RelayMessage[]> {
    const read = await Promise.all(topics.map((topic) => this.#read(topic, '-')))
    return read.flat().map(([, message]) => message)
  }

  async close(): Promise<void> {
    await Promise.all([end(this.#subscriber), end(this.#commands)])
  }

  /** A topic's live messages after `from` (`-`: all, `(id`: after that id), with their stream ids. */
  async #read(topic: string, from: string): Promise<Array<[string, CarriedMessage]>> {
    let entries: Array<[string, string[]]>
    try {
      entries = await this.#commands.xrange(streamOf(topic), from, '+')
    } catch (error) {
      throw new RelayStorageError({ cause: error })
    }
    const now = this.now()
    const read: Array<[string, CarriedMessage]> = []
    for (const [streamId, fields] of entries) {
      const message = parse(fields[1] ?? '')
      if (message && message.expiresAt > now) read.push([streamId, message])
    }
    return read
  }

  /** A message heard on a topic's channel: `<stream id>\n<message JSON>`. */
  #onPublished(channel: string, payload: string): void {
    const newline = payload.indexOf('\n')
    const message = parse(payload.slice(newline + 1))
    if (newline < 0 || !message || message.topic !== topicOf(channel)) return
    this.#deliver(payload.slice(0, newline), message)
  }

  /** Hands a message to the topic's sockets here (but its publisher's). */
  #deliver(streamId: string, message: CarriedMessage): void {
    const subscribers = this.#local.subscribers(message.topic)
    if (subscribers.size === 0) return
    this.#advance(message.topic, streamId)
    if (message.expiresAt <= this.now()) return
    for (const [peer, id] of subscribers) if (!this.#isOwn(message, peer)) peer.deliver(id, message)
  }

  /**
   * After the subscriber connection dropped and came back: listen again to every topic with a
   * subscriber here (awaited, so the streams are read after), then read each stream on from the
   * last id heard, which recovers what was published while nothing listened.
   */
  async #recover(): Promise<void> {
    const topics = this.#local.topics()
    if (topics.length === 0) return
    const from = new Map(topics.map((topic) => [topic, this.#lastIds.get(topic)]))
    await this.#subscriber.subscribe(...topics.map(channelOf))
    for (const topic of topics) {
      const last = from.get(topic)
      for (const [streamId, message] of await this.#read(topic, last ? `(${last}` : '-')) this.#deliver(streamId, message)
    }
  }

  #advance(topic: string, streamId: string): void {
    const last = this.#lastIds.get(topic)
    if (!last || isAfter(streamId, last)) this.#lastIds.set(topic, streamId)
  }

  #stopListening(topic: string): void {
    this.#listening.delete(topic)
    this.#lastIds.delete(topic)
    this.#subscriber.unsubscribe(channelOf(topic)).catch(() => undefined)
  }

  /** Never hand a client its own message: the same socket, or the same did:key after a reconnect. */
  #isOwn(message: CarriedMessage, peer: RelayPeer): boolean {
    return message.origin === this.#origins.get(peer) || (message.fromClient !== undefined && message.fromClient === peer.clientId)
  }

  #originOf(peer: RelayPeer): string {
    let origin = this.#origins.get(peer)
    if (!origin) {
      origin = `${this.#instance}:${this.#nextPeer++}`
      this.#origins.set(peer, origin)
    }
    return origin
  }
}
