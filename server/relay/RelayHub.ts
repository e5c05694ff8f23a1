import { randomBytes } from 'node:crypto'
import type { RelayMessageStore, StoredRelayMessage } from './RelayMessageStore.js'

/** How far back each pull reads again, for rows committed late or stamped by a clock a little behind. */
const PULL_OVERLAP_MS = 5_000

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
  /** Whose byte budget the message is charged to (the publisher's IP); none for messages reloaded at start. */
  owner?: string
  /** Its id (`relayMessageId`), when the backplane carries one; computed from topic and body otherwise. */
  id?: string
}

/** What the hub needs of a connected client. */
export interface RelayPeer {
  /** The client's did:key from its auth token, when known. */
  clientId?: string
  /** Whose byte budget its messages use: the client's IP (a did:key costs nothing to mint). */
  owner?: string
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
  /** A publisher asking for longer gets this: a day covers WalletConnect's longest (session settlement). */
  maxTtlSeconds: number
  /** Characters of messages one owner may have held at once; past it a publish is refused. */
  maxBytesPerOwner: number
  /** Characters of messages held in all. */
  maxBytesTotal: number
}

export const DEFAULT_RELAY_LIMITS: RelayLimits = {
  maxMessagesPerTopic: 200,
  maxSubscriptionsPerPeer: 1000,
  maxTopics: 50_000,
  minTtlSeconds: 10,
  maxTtlSeconds: 24 * 3600,
  maxBytesPerOwner: 4 * 1024 * 1024,
  maxBytesTotal: 64 * 1024 * 1024,
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
  private readonly bytesByOwner = new Map<string, number>()
  private bytesTotal = 0

  /** Up to when `pull` has read other instances' messages. */
  private pulledUntil: number

  /**
   * @param options.shared - the store is shared with other instances (Postgres): every message is
   *   written, not only those no one here received, since a subscriber may be on another instance
   */
  constructor(
    private readonly limits: RelayLimits = DEFAULT_RELAY_LIMITS,
    private readonly now: () => number = Date.now,
    private readonly store?: RelayMessageStore,
    private readonly options: { shared?: boolean } = {},
  ) {
    store?.onCommitFailed((batch) => this.forget(batch))
    this.pulledUntil = now()
  }

  /** Takes in the stored messages still live (after a restart, or another instance's): call it before serving. */
  async load(): Promise<void> {
    this.pulledUntil = this.now()
    for (const message of (await this.store?.live(this.pulledUntil)) ?? []) this.receive(message)
  }

  /**
   * Takes in what other instances stored since the last pull and delivers it here. Reads back
   * `PULL_OVERLAP_MS` before the last pull too: a row committed late (group commit, a slow
   * pool) or stamped by a clock a little behind is still seen; ones already held are skipped.
   */
  async pull(): Promise<void> {
    if (!this.store) return
    const startedAt = this.now()
    const messages = await this.store.publishedSince(this.pulledUntil - PULL_OVERLAP_MS, startedAt)
    this.pulledUntil = startedAt
    for (const message of messages) this.receive(message)
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
      owner: sender?.owner,
    }
    let list = this.messages.get(params.topic)
    if (!list) {
      if (!this.subscribers.has(params.topic)) this.assertTopicRoom()
      list = []
      this.messages.set(params.topic, list)
    }
    const fresh = !list.some((m) => m.message === stored.message)
    if (fresh) {
      this.assertByteRoom(stored)
      list.push(stored)
      this.charge(stored, 1)
      if (list.length > this.limits.maxMessagesPerTopic) {
        const oldest = list.shift()!
        this.charge(oldest, -1)
        void this.store?.remove(oldest)
      }
    }
    let delivered = 0
    for (const [peer, id] of this.subscribers.get(params.topic) ?? []) {
      if (isOwn(stored, peer)) continue
      peer.deliver(id, stored)
      delivered++
    }
    // Only what no one received goes to SQLite: a restart must not lose it, while writing
    // every message would cost the relay its latency under load (issue 15). A shared store
    // takes every message: its subscribers may be on another instance.
    if (fresh && (delivered === 0 || this.options.shared)) this.store?.add(stored)
  }

  /**
   * A stored message (reloaded, or another instance's): held and delivered here unless this
   * topic already holds it, so each subscriber here receives it once however often it is read.
   */
  private receive(message: StoredRelayMessage): void {
    const list = this.messages.get(message.topic) ?? []
    if (list.some((m) => m.message === message.message)) return
    list.push(message)
    this.messages.set(message.topic, list)
    this.charge(message, 1)
    if (list.length > this.limits.maxMessagesPerTopic) this.charge(list.shift()!, -1)
    for (const [peer, id] of this.subscribers.get(message.topic) ?? []) {
      if (!isOwn(message, peer)) peer.deliver(id, message)
    }
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

  /**
   * Drops expired messages and empty topics; the plugin runs it on a timer. Memory is swept at
   * once; the returned promise settles when the stored copies are deleted too (a test that closes
   * the storage next waits for it).
   */
  sweep(): Promise<void> {
    const now = this.now()
    const stored = this.store?.expire(now) ?? Promise.resolve()
    for (const [topic, list] of this.messages) {
      const live = list.filter((m) => m.expiresAt > now)
      for (const gone of list) if (gone.expiresAt <= now) this.charge(gone, -1)
      if (live.length === 0) this.messages.delete(topic)
      else if (live.length !== list.length) this.messages.set(topic, live)
    }
    return stored
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
      for (const dropped of list) if (!kept.includes(dropped)) this.charge(dropped, -1)
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

  /** Characters held for `owner` (all owners when omitted): what the byte budgets count. */
  bytesHeld(owner?: string): number {
    return owner === undefined ? this.bytesTotal : (this.bytesByOwner.get(owner) ?? 0)
  }

  private charge(message: RelayMessage, sign: 1 | -1): void {
    const size = message.message.length * sign
    this.bytesTotal += size
    if (message.owner === undefined) return
    const left = (this.bytesByOwner.get(message.owner) ?? 0) + size
    if (left <= 0) this.bytesByOwner.delete(message.owner)
    else this.bytesByOwner.set(message.owner, left)
  }

  /** A publish past its owner's budget or the relay's is refused: one client cannot park the relay's memory. */
  private assertByteRoom(message: RelayMessage): void {
    const size = message.message.length
    const ownerFull = () => message.owner !== undefined && this.bytesHeld(message.owner) + size > this.limits.maxBytesPerOwner
    const relayFull = () => this.bytesTotal + size > this.limits.maxBytesTotal
    if (!ownerFull() && !relayFull()) return
    void this.sweep()
    if (ownerFull()) throw new RelayLimitError('Too many bytes held for this client: wait until its messages expire')
    if (relayFull()) throw new RelayLimitError('Relay is full')
  }

  private assertTopicRoom(): void {
    if (this.size.topics >= this.limits.maxTopics) {
      void this.sweep()
      if (this.size.topics >= this.limits.maxTopics) throw new RelayLimitError('Relay is full')
    }
  }
}
