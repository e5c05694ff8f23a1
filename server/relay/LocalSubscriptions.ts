import { randomBytes } from 'node:crypto'
import { RelayLimitError, type RelayPeer } from './RelayHub.js'

/**
 * Which of this instance's sockets subscribe to which topic, with their subscription ids: what
 * the Redis backplane fans a topic's messages out to, and when it listens to a topic's channel
 * (while the topic has a subscriber here).
 */
export class LocalSubscriptions {
  readonly #byTopic = new Map<string, Map<RelayPeer, string>>()
  readonly #byPeer = new Map<RelayPeer, Set<string>>()

  constructor(private readonly maxPerPeer: number) {}

  /**
   * Subscribes a socket (again: same id).
   * @returns its subscription id, and whether it is the topic's first subscriber here
   * @throws RelayLimitError past `maxPerPeer` topics
   */
  add(peer: RelayPeer, topic: string): { id: string; first: boolean } {
    const subscribers = this.#byTopic.get(topic) ?? new Map<RelayPeer, string>()
    const existing = subscribers.get(peer)
    if (existing) return { id: existing, first: false }
    const topics = this.#byPeer.get(peer) ?? new Set<string>()
    if (topics.size >= this.maxPerPeer) throw new RelayLimitError('Too many subscriptions')
    const id = randomBytes(32).toString('hex')
    topics.add(topic)
    this.#byPeer.set(peer, topics)
    subscribers.set(peer, id)
    this.#byTopic.set(topic, subscribers)
    return { id, first: subscribers.size === 1 }
  }

  /** @returns whether the topic has no subscriber here any more */
  delete(peer: RelayPeer, topic: string): boolean {
    const subscribers = this.#byTopic.get(topic)
    if (!subscribers?.delete(peer)) return false
    this.#byPeer.get(peer)?.delete(topic)
    if (subscribers.size > 0) return false
    this.#byTopic.delete(topic)
    return true
  }

  /** @returns the topics the socket leaves without a subscriber here */
  deletePeer(peer: RelayPeer): string[] {
    const emptied = [...(this.#byPeer.get(peer) ?? [])].filter((topic) => this.delete(peer, topic))
    this.#byPeer.delete(peer)
    return emptied
  }

  subscribers(topic: string): ReadonlyMap<RelayPeer, string> {
    return this.#byTopic.get(topic) ?? new Map()
  }

  /** The topics with a subscriber here. */
  topics(): string[] {
    return [...this.#byTopic.keys()]
  }
}
