import type { Storage } from '../plugins/database/openStorage.js'
import { RelayStorageError, type RelayBackplane, type RelayPublish } from './RelayBackplane.js'
import { RelayHub, type RelayLimits, type RelayMessage, type RelayPeer } from './RelayHub.js'
import { RelayMessageStore } from './RelayMessageStore.js'

export interface EmbeddedRelayOptions {
  limits: RelayLimits
  /** Where messages outlive a restart; in memory only without it. */
  storage?: Storage
  sweepIntervalMs: number
  /** On Postgres: how often other instances' messages are read. */
  pullIntervalMs: number
}

/**
 * The relay without Redis (issue 31's embedded default): the hub in this process, and its
 * mailbox in the storage layer. On SQLite one process owns it; instances sharing a Postgres poll
 * each other's messages every `pullIntervalMs`, the shared fallback when no Redis is given.
 */
export class EmbeddedRelayBackplane implements RelayBackplane {
  readonly hub: RelayHub
  readonly #store: RelayMessageStore | undefined
  readonly #sweeper: NodeJS.Timeout
  readonly #puller: NodeJS.Timeout | undefined
  /** One pull at a time: a slow database must not stack them up. */
  #pulling: Promise<void> | undefined

  private constructor(options: EmbeddedRelayOptions) {
    this.#store = options.storage && new RelayMessageStore(options.storage)
    const shared = options.storage?.dialect === 'postgres'
    this.hub = new RelayHub(options.limits, Date.now, this.#store, { shared })
    this.#sweeper = setInterval(() => void this.hub.sweep(), options.sweepIntervalMs).unref()
    this.#puller = shared ? setInterval(() => this.#pull(), options.pullIntervalMs).unref() : undefined
  }

  /** Opens it with the stored messages still live loaded, ready to serve. */
  static async open(options: EmbeddedRelayOptions): Promise<EmbeddedRelayBackplane> {
    const backplane = new EmbeddedRelayBackplane(options)
    await backplane.hub.load()
    return backplane
  }

  async subscribe(peer: RelayPeer, topic: string): Promise<string> {
    return this.hub.subscribe(peer, topic)
  }

  unsubscribe(peer: RelayPeer, topic: string): void {
    this.hub.unsubscribe(peer, topic)
  }

  remove(peer: RelayPeer): void {
    this.hub.remove(peer)
  }

  /** Delivered here at once; acknowledged once committed: a publish the client saw accepted survives a restart. */
  async publish(sender: RelayPeer, params: RelayPublish): Promise<void> {
    this.hub.publish(sender, params)
    const store = this.#store
    if (!store) return
    const committed = await new Promise<boolean>((resolve) => store.afterCommit(resolve))
    if (!committed) throw new RelayStorageError()
  }

  async fetch(topics: readonly string[]): Promise<RelayMessage[]> {
    return this.hub.fetch(topics)
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper)
    clearInterval(this.#puller)
    await this.#pulling
    await this.#store?.flush()
  }

  #pull(): void {
    this.#pulling ??= this.hub
      .pull()
      .catch((error: unknown) => console.error('[latch relay] reading other instances’ messages failed', error))
      .finally(() => (this.#pulling = undefined))
  }
}
