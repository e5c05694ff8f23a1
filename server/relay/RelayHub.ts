import { randomBytes } from 'node:crypto'
import type { RelayMessageStore } from './RelayMessageStore.js'

/** A message the relay holds for a topic until its TTL runs out. */
export interface RelayMessage {
  topic: string
  message: string
  publishedAt: number
  tag: number
  expiresAt: number
  /** The publishing peer, never handed its own message back. */
  from?: RelayPeer
  /** The publishing client's did:key: after a reconnect or a relay restart it is still its own message. */
  fromClient?: string
}

/** What the hub needs of a connected client. */
export interface RelayPeer {
  /** The client's did:key from its auth token, when known. */
  clientId?: string
  /** Sends an `irn_subscription` delivery. */
  deliver(subscriptionId: string, message: RelayMessage): void
}

export interface RelayLimits {
  /** Messages kept per topic; the oldest goes first. */
  maxMessagesPerTopic: number
  /** Topics one client may subscribe to. */
  maxSubscriptionsPerPeer: number
  /** Topics held in total, so publishers cannot fill memory with orphan topics. */
  maxTopics: number
  minTtlSeconds: number
  maxTtlSeconds: number
}

export const DEFAULT_RELAY_LIMITS: RelayLimits = {
  maxMessagesPerTopic: 200,
  maxSubscriptionsPerPeer: 1000,
  maxTopics: 50_000,
  minTtlSeconds: 10,
  maxTtlSeconds: 30 * 24 * 3600,
}

/** Why the hub refused an operation; the socket layer answers it as a JSON-RPC error. */
export class RelayLimitError extends Error {
  override name = 'RelayLimitError'
}

const isOwn = (message: RelayMessage, peer: RelayPeer) =>
  message.from === peer || (message.fromClient !== undefined && message.fromClient === peer.clientId)

/**
 * The relay's state without sockets: topics, their stored messages and their subscribers.
 * Messages are kept until their TTL so a client that subscribes late still receives them; with a
 * store, those no subscriber received when published also outlive a restart.
 */
export class RelayHub {
  private readonly messages = new Map<string, RelayMessage[]>()
  private readonly subscribers = new Map<string, Map<RelayPeer, string>>()
  private readonly peerTopics = new Map<RelayPeer, Set<string>>()

  constructor(
    private readonly limits: RelayLimits = DEFAULT_RELAY_LIMITS,
    private readonly now: () => number = Date.now,
    private readonly store?: RelayMessageStore,
  ) {
    for (const message of store?.live(now()) ?? []) {
      const list = this.messages.get(message.topic) ?? []
      list.push(message)
      this.messages.set(message.topic, list)
    }
    store?.onCommitFailed((batch) => this.forget(batch))
  }

  /** Subscribes a peer and replays the topic's stored messages; returns the subscription id. */
  subscribe(peer: RelayPeer, topic: string): string {
    const existing = this.subscribers.get(topic)?.get(peer)
    if (existing) {
      this.replay(peer, existing, topic)
      return existing
    }
    const topics = this.peerTopics.get(peer) ?? new Set<string>()
    if (topics.size >= this.limits.maxSubscriptionsPerPeer) throw new RelayLimitError('Too many subscriptions')
    if (!this.subscribers.has(topic) && !this.messages.has(topic)) this.assertTopicRoom()
    const id = randomBytes(32).toString('hex')
    topics.add(topic)
    this.peerTopics.set(peer, topics)
    const subs = this.subscribers.get(topic) ?? new Map<RelayPeer, string>()
    subs.set(peer, id)
    this.subscribers.set(topic, subs)
    this.replay(peer, id, topic)
    return id
  }

  unsubscribe(peer: RelayPeer, topic: string): void {
    const subs = this.subscribers.get(topic)
    subs?.delete(peer)
    if (subs?.size === 0) this.subscribers.delete(topic)
    this.peerTopics.get(peer)?.delete(topic)
  }

  /** Stores a message and delivers it to every subscriber but its sender. */
  publish(sender: RelayPeer | undefined, params: { topic: string; message: string; ttl: number; tag: number }): void {
    const ttl = Math.min(Math.max(params.ttl, this.limits.minTtlSeconds), this.limits.maxTtlSeconds)
    const publishedAt = this.now()
    const stored: RelayMessage = {
      topic: params.topic,
      message: params.message,
      tag: params.tag,
      publishedAt,
      expiresAt: publishedAt + ttl * 1000,
      from: sender,
      fromClient: sender?.clientId,
    }
    let list = this.messages.get(params.topic)
    if (!list) {
      if (!this.subscribers.has(params.topic)) this.assertTopicRoom()
      list = []
      this.messages.set(params.topic, list)
    }
    const fresh = !list.some((m) => m.message === stored.message)
    if (fresh) {
      list.push(stored)
      if (list.length > this.limits.maxMessagesPerTopic) {
        const oldest = list.shift()!
        this.store?.remove(oldest)
      }
    }
    let delivered = 0
    for (const [peer, id] of this.subscribers.get(params.topic) ?? []) {
      if (isOwn(stored, peer)) continue
      peer.deliver(id, stored)
      delivered++
    }
    // Only what no one received goes to SQLite: a restart must not lose it, while writing
    // every message would cost the relay its latency under load (issue 15).
    if (fresh && delivered === 0) this.store?.add(stored)
  }

  /** The live messages of some topics, for `irn_batchFetchMessages`. */
  fetch(topics: readonly string[]): RelayMessage[] {
    const now = this.now()
    return topics.flatMap((topic) => (this.messages.get(topic) ?? []).filter((m) => m.expiresAt > now))
  }

  /** Forgets a peer that went away. */
  remove(peer: RelayPeer): void {
    for (const topic of this.peerTopics.get(peer) ?? []) this.unsubscribe(peer, topic)
    this.peerTopics.delete(peer)
  }

  /** Drops expired messages and empty topics; the plugin runs it on a timer. */
  sweep(): void {
    const now = this.now()
    this.store?.expire(now)
    for (const [topic, list] of this.messages) {
      const live = list.filter((m) => m.expiresAt > now)
      if (live.length === 0) this.messages.delete(topic)
      else if (live.length !== list.length) this.messages.set(topic, live)
    }
  }

  get size(): { topics: number; messages: number; peers: number } {
    let messages = 0
    for (const list of this.messages.values()) messages += list.length
    return { topics: new Set([...this.messages.keys(), ...this.subscribers.keys()]).size, messages, peers: this.peerTopics.size }
  }

  /** Drops messages whose publish was refused (their commit failed): a retry must be fresh, so stored. */
  private forget(batch: ReadonlyArray<Pick<RelayMessage, 'topic' | 'message' | 'publishedAt'>>): void {
    for (const failed of batch) {
      const list = this.messages.get(failed.topic)
      if (!list) continue
      const kept = list.filter((m) => m.message !== failed.message || m.publishedAt !== failed.publishedAt)
      if (kept.length === 0) this.messages.delete(failed.topic)
      else this.messages.set(failed.topic, kept)
    }
  }

  private replay(peer: RelayPeer, id: string, topic: string): void {
    const now = this.now()
    for (const message of this.messages.get(topic) ?? []) {
      if (message.expiresAt > now && !isOwn(message, peer)) peer.deliver(id, message)
    }
  }

  private assertTopicRoom(): void {
    if (this.size.topics >= this.limits.maxTopics) {
      this.sweep()
      if (this.size.topics >= this.limits.maxTopics) throw new RelayLimitError('Relay is full')
    }
  }
}
