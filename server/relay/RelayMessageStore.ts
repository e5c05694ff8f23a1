import { sql, type Kysely } from 'kysely'
import type { DatabaseSchema, RelayMessagesTable } from '../plugins/database/DatabaseSchema.js'
import type { Storage } from '../plugins/database/openStorage.js'
import type { RelayMessage } from './RelayHub.js'

/** A stored message as the hub reloads it: its publishing socket is gone, its client id is not. */
export type StoredRelayMessage = Omit<RelayMessage, 'from'>

/** How long messages wait to be committed together; a publish is acknowledged at most this much later. */
const GROUP_COMMIT_MS = 5
/** Rows per INSERT: inside both databases' limits on bound values (6 a row). */
const ROWS_PER_INSERT = 1_000

const toMessage = (row: RelayMessagesTable): StoredRelayMessage => ({
  topic: row.topic,
  message: row.message,
  tag: row.tag,
  publishedAt: row.published_at,
  expiresAt: row.expires_at,
  fromClient: row.from_client ?? undefined,
})

/**
 * The relay's messages in the storage layer, so a restart loses none that are still inside their
 * TTL (issue 15), and instances sharing one Postgres hand each other theirs (issue 28).
 * Messages added within a few milliseconds are written together, in one INSERT (a group commit:
 * a commit each costs more than the rest of a publish, and 10,000 messages a second need it);
 * the relay acknowledges a publish only once its message is committed (`afterCommit`). A
 * message already stored (on Postgres: by another instance) is skipped (`ON CONFLICT DO NOTHING`).
 * Writes run one after another, in the order they were asked for, so a delete never overtakes
 * the insert of its message.
 */
export class RelayMessageStore {
  readonly #db: Kysely<DatabaseSchema>
  readonly #dialect: Storage['dialect']
  #pending: StoredRelayMessage[] = []
  #waiting: Array<(committed: boolean) => void> = []
  /** The last write asked for; each waits for the one before. */
  #tail: Promise<void> = Promise.resolve()
  /** The newest insert still running, which a publish that added nothing waits for (its message may be in it). */
  #inFlight: Promise<boolean> | undefined
  #onCommitFailed: (batch: readonly StoredRelayMessage[]) => void = () => {}

  constructor(storage: Storage) {
    this.#db = storage.db
    this.#dialect = storage.dialect
  }

  /** Queues a message; it is committed with the others of the next few milliseconds. */
  add(message: StoredRelayMessage): void {
    if (this.#pending.length === 0) setTimeout(() => void this.flush(), GROUP_COMMIT_MS)
    this.#pending.push({ ...message })
  }

  /**
   * Hears the messages of a failed commit: the hub forgets them, so a client's retry of a refused
   * publish is a new message that is stored, not a duplicate acknowledged without a write.
   */
  onCommitFailed(listener: (batch: readonly StoredRelayMessage[]) => void): void {
    this.#onCommitFailed = listener
  }

  /** Calls `callback` once every message added so far is committed (false: the write failed). */
  afterCommit(callback: (committed: boolean) => void): void {
    if (this.#pending.length > 0) this.#waiting.push(callback)
    else if (this.#inFlight) void this.#inFlight.then(callback)
    else callback(true)
  }

  /** Commits the queued messages now (the timer does it otherwise; closing awaits it). */
  flush(): Promise<void> {
    if (this.#pending.length === 0) return this.#tail
    const [batch, waiting] = [this.#pending, this.#waiting]
    this.#pending = []
    this.#waiting = []
    const committed = this.#tail
      .then(() => this.#insert(batch))
      .then(
        () => true,
        (error: unknown) => {
          console.error('[latch relay] storing messages failed', error)
          this.#onCommitFailed(batch)
          return false
        },
      )
    this.#inFlight = committed
    this.#tail = committed.then(() => undefined)
    void committed.then((ok) => {
      if (this.#inFlight === committed) this.#inFlight = undefined
      for (const callback of waiting) callback(ok)
    })
    return this.#tail
  }

  /** Deletes a message (a topic over its limit drops its oldest). */
  remove(message: Pick<RelayMessage, 'topic' | 'message'>): Promise<void> {
    return this.#after(() => this.#db.deleteFrom('relay_messages').where('topic', '=', message.topic).where('message', '=', message.message).execute())
  }

  /** Drops what expired by `now`: whichever instance runs it first, the rows go once. */
  expire(now: number): Promise<void> {
    return this.#after(() => this.#db.deleteFrom('relay_messages').where('expires_at', '<=', now).execute())
  }

  /** The messages still live at `now`, oldest first. */
  async live(now: number): Promise<StoredRelayMessage[]> {
    await this.flush()
    let query = this.#db.selectFrom('relay_messages').selectAll().where('expires_at', '>', now).orderBy('published_at')
    // SQLite's rowid keeps a millisecond's messages in the order they came.
    if (this.#dialect === 'sqlite') query = query.orderBy(sql`rowid`)
    return (await query.execute()).map(toMessage)
  }

  /** The live messages published at or after `since`, whichever instance wrote them: what another instance polls. */
  async publishedSince(since: number, now: number): Promise<StoredRelayMessage[]> {
    const rows = await this.#db.selectFrom('relay_messages').selectAll().where('published_at', '>=', since).where('expires_at', '>', now).orderBy('published_at').execute()
    return rows.map(toMessage)
  }

  /** Runs a write after the ones asked for before it (queued messages first); its failure is logged, not thrown. */
  #after(write: () => Promise<unknown>): Promise<void> {
    void this.flush()
    this.#tail = this.#tail.then(write).then(
      () => undefined,
      (error: unknown) => console.error('[latch relay] deleting messages failed', error),
    )
    return this.#tail
  }

  async #insert(batch: readonly StoredRelayMessage[]): Promise<void> {
    for (let start = 0; start < batch.length; start += ROWS_PER_INSERT) {
      const rows = batch.slice(start, start + ROWS_PER_INSERT).map((m) => ({
        topic: m.topic,
        message: m.message,
        tag: m.tag,
        published_at: m.publishedAt,
        expires_at: m.expiresAt,
        from_client: m.fromClient ?? null,
      }))
      await this.#db
        .insertInto('relay_messages')
        .values(rows)
        .onConflict((conflict) => conflict.doNothing())
        .execute()
    }
  }
}
