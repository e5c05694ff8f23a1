import { sql } from 'kysely'
import type { Storage } from '../plugins/database/openStorage.js'
import { createSerialQueue, type SerialQueue } from '../onramp/createSerialQueue.js'

/** Per storage layer, its senders' local queues: every user of one SQLite file in a process shares them. */
const byStorage = new WeakMap<Storage, SenderLocks>()

/**
 * One transaction at a time per sending key (the bundler key on a chain, the faucet): the key's
 * next nonce is read when a transaction is built, so two sends at once would both take it and
 * one would fail. Within a process a queue per sender orders them; on Postgres each turn also
 * holds a transaction-scoped advisory lock named after the sender, so instances sharing the
 * database take turns too. The lock goes with its transaction: a crashed holder frees it at once.
 * On SQLite there is one process, and the queue is enough.
 */
export class SenderLocks {
  readonly #queues = new Map<string, SerialQueue>()

  private constructor(private readonly storage: Storage) {}

  /** The locks of one storage layer (one set per `Storage`, so two users of it never race each other). */
  static of(storage: Storage): SenderLocks {
    let locks = byStorage.get(storage)
    if (!locks) byStorage.set(storage, (locks = new SenderLocks(storage)))
    return locks
  }

  /**
   * Runs `task` once every earlier task for `sender` (in this process, and on Postgres in every
   * instance) has settled.
   *
   * @param sender - names the key, e.g. `bundler:eip155:31337`
   * @returns what `task` resolves with; rejects as it does (the next task runs regardless)
   * @example
   * await SenderLocks.of(storage).run(`bundler:${chain.caipNetworkId}`, () => bundle(operation))
   */
  run<T>(sender: string, task: () => Promise<T>): Promise<T> {
    let queue = this.#queues.get(sender)
    if (!queue) this.#queues.set(sender, (queue = createSerialQueue()))
    // The local queue first: one waiting connection per sender and instance, never a pool's worth.
    return queue.run(() => (this.storage.dialect === 'postgres' ? this.#underAdvisoryLock(sender, task) : task()))
  }

  /** The queue of one sender, for code that takes a `SerialQueue` (the on-ramp's payments). */
  queue(sender: string): SerialQueue {
    return { run: (task) => this.run(sender, task) }
  }

  #underAdvisoryLock<T>(sender: string, task: () => Promise<T>): Promise<T> {
    return this.storage.db.transaction().execute(async (transaction) => {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`latch:sender:${sender}`}, 0))`.execute(transaction)
      return task()
    })
  }
}
