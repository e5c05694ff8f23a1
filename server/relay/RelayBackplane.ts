import type { RelayMessage, RelayPeer } from './RelayHub.js'

/** What a client asks to publish: the relay clamps the TTL to its limits. */
export interface RelayPublish {
  topic: string
  message: string
  ttl: number
  tag: number
}

/**
 * What crosses relay instances (issue 31): each instance serves its own sockets, and the
 * backplane carries a message from whichever instance a publisher reached to the subscribers of
 * every instance, and keeps it as the topic's mailbox until its TTL. Two implementations, chosen
 * by URL: `EmbeddedRelayBackplane` (one process, the storage layer's mailbox, polled by other
 * instances on Postgres) and `RedisRelayBackplane` (`redisUrl`: pub/sub and a stream per topic).
 * The socket layer speaks to this interface only, so both run the same code path.
 */
export interface RelayBackplane {
  /**
   * Subscribes a local socket to a topic, and replays the topic's mailbox to it (on every
   * subscribe, a repeat included: the client may have lost what it held).
   * @returns the subscription id the client is given
   * @throws RelayLimitError past the subscription limits
   */
  subscribe(peer: RelayPeer, topic: string): Promise<string>
  unsubscribe(peer: RelayPeer, topic: string): void
  /** Forgets a socket that went away, and its subscriptions. */
  remove(peer: RelayPeer): void
  /**
   * Stores a message for its TTL, once per message id, and delivers it to every subscriber of its
   * topic on every instance but its sender. Resolves once stored and fanned out: only then does
   * the relay acknowledge the publish, so an acknowledged message is never lost.
   * @throws RelayLimitError past the relay's limits, RelayStorageError when it could not be stored
   */
  publish(sender: RelayPeer, params: RelayPublish): Promise<void>
  /** The live messages of some topics, for `irn_batchFetchMessages`. */
  fetch(topics: readonly string[]): Promise<RelayMessage[]>
  /** Stops its timers and connections once pending writes are done. */
  close(): Promise<void>
}

/** A publish that could not be stored (database or Redis unavailable): the client retries it. */
export class RelayStorageError extends Error {
  override name = 'RelayStorageError'
  constructor(options?: { cause?: unknown }) {
    super('Storage failed', options)
  }
}
