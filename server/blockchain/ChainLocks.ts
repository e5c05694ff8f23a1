import { sql } from 'kysely'
import type { Storage } from '../plugins/database/openStorage.js'
import { createSerialQueue, type SerialQueue } from '../onramp/createSerialQueue.js'

/** Per storage layer, its local queues: every user of one SQLite file in a process shares them. */
const byStorage = new WeakMap<Storage, ChainLocks>()

/**
 * Work on a chain that one process at a time must do: a sending key's transactions (the bundler
 * key on a chain, the faucet), whose next nonce is read when one is built, so two sends at once
 * would both take it and one would fail; and following a chain's history, which two instances
 * would read twice (and one could wipe while the other writes). Within a process a queue per name
 * orders them; on Postgres each turn also holds a transaction-scoped advisory lock on the name, so
 * instances sharing the database take turns too. The lock goes with its transaction: a crashed
 * holder frees it at once. On SQLite there is one process, and the queue is enough.
 */
export class ChainLocks {
  readonly #queues = new Map<string, SerialQueue>()

  private constructor(private readonly storage: Storage) {}

  /** The locks of one storage layer (one set per `Storage`, so two users of it never race each other). */
  static of(storage: Storage): ChainLocks {
    let locks = byStorage.get(storage)
    if (!locks) byStorage.set(storage, (locks = new ChainLocks(storage)))
    return locks
  }

  /**
   * Runs `task` once every earlier task for `name` (in this process, and on Postgres in every
   * instance) has settled.
   *
   * @param name - names the work, e.g. `bundler:eip155:31337`, `history:eip155:31337`
   * @returns what `task` resolves with; rejects as it does (the next task runs regardless)
   * @example
   * await ChainLocks.of(storage).run(`bundler:${chain.caipNetworkId}`, () => bundle(operation))
   */
  run<T>(name: string, task: () => Promise<T>): Promise<T> {
    let queue = this.#queues.get(name)
    if (!queue) this.#queues.set(name, (queue = createSerialQueue()))
    // The local queue first: one waiting connection per name and instance, never a pool's worth.
    return queue.run(() => (this.storage.dialect === 'postgres' ? this.#underAdvisoryLock(name, task) : task()))
  }

  /** The queue of one name, for code that takes a `SerialQueue` (the on-ramp's payments). */
  queue(name: string): SerialQueue {
    return { run: (task) => this.run(name, task) }
  }

  #underAdvisoryLock<T>(name: string, task: () => Promise<T>): Promise<T> {
    return this.storage.db.transaction().execute(async (transaction) => {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`latch:chain:${name}`}, 0))`.execute(transaction)
      return task()
    })
  }
}
