import type { LatchDatabase } from '../plugins/database/openDatabase.js'
import type { RelayMessage } from './RelayHub.js'

/** A stored message as the hub reloads it: its publishing socket is gone, its client id is not. */
export type StoredRelayMessage = Omit<RelayMessage, 'from'>

/** How long messages wait to be committed together; a publish is acknowledged at most this much later. */
const GROUP_COMMIT_MS = 5

/**
 * The relay's undelivered messages in SQLite, so a restart loses none that are still inside their TTL
 * (issue 15: a WalletConnect request published just before a restart is delivered after it).
 * Messages added within a few milliseconds are committed together in one transaction (a group
 * commit: a commit each costs more than the rest of a publish, and 10,000 messages a second
 * need it); the relay acknowledges a publish only once its message is committed (`afterCommit`).
 */
export class RelayMessageStore {
  readonly #insert
  readonly #insertAll
  readonly #delete
  readonly #expire
  readonly #live
  #pending: StoredRelayMessage[] = []
  #waiting: Array<(committed: boolean) => void> = []
  #onCommitFailed: (batch: readonly StoredRelayMessage[]) => void = () => {}

  constructor(db: LatchDatabase) {
    db.exec(`CREATE TABLE IF NOT EXISTS relay_messages (
      topic TEXT NOT NULL,
      message TEXT NOT NULL,
      tag INTEGER NOT NULL,
      published_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      from_client TEXT
    )`)
    // Small indexes, so a write stays cheap under load: the hub already refuses a topic's
    // duplicate message, and the sweep's DELETE by expiry must not scan every message.
    db.exec('CREATE INDEX IF NOT EXISTS relay_messages_by_topic ON relay_messages (topic)')
    db.exec('CREATE INDEX IF NOT EXISTS relay_messages_by_expiry ON relay_messages (expires_at)')
    this.#insert = db.prepare(
      'INSERT INTO relay_messages (topic, message, tag, published_at, expires_at, from_client) VALUES (@topic, @message, @tag, @publishedAt, @expiresAt, @fromClient)',
    )
    this.#insertAll = db.transaction((messages: StoredRelayMessage[]) => {
      for (const m of messages) this.#insert.run({ topic: m.topic, message: m.message, tag: m.tag, publishedAt: m.publishedAt, expiresAt: m.expiresAt, fromClient: m.fromClient ?? null })
    })
    this.#delete = db.prepare('DELETE FROM relay_messages WHERE topic = ? AND message = ?')
    this.#expire = db.prepare('DELETE FROM relay_messages WHERE expires_at <= ?')
    this.#live = db.prepare<[number], { topic: string; message: string; tag: number; published_at: number; expires_at: number; from_client: string | null }>(
      'SELECT topic, message, tag, published_at, expires_at, from_client FROM relay_messages WHERE expires_at > ? ORDER BY published_at, rowid',
    )
  }

  /** Queues a message; it is committed with the others of the next few milliseconds. */
  add(message: StoredRelayMessage): void {
    if (this.#pending.length === 0) setTimeout(() => this.flush(), GROUP_COMMIT_MS)
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
    if (this.#pending.length === 0) callback(true)
    else this.#waiting.push(callback)
  }

  /** Commits the queued messages now (the timer does it otherwise; closing calls it). */
  flush(): void {
    if (this.#pending.length === 0) return
    const [batch, waiting] = [this.#pending, this.#waiting]
    this.#pending = []
    this.#waiting = []
    let committed = true
    try {
      this.#insertAll(batch)
    } catch (error) {
      committed = false
      console.error('[latch relay] storing messages failed', error)
      this.#onCommitFailed(batch)
    }
    for (const callback of waiting) callback(committed)
  }

  remove(message: Pick<RelayMessage, 'topic' | 'message'>): void {
    this.flush()
    this.#delete.run(message.topic, message.message)
  }

  /** Drops what expired by `now`. */
  expire(now: number): void {
    this.flush()
    this.#expire.run(now)
  }

  /** The messages still live at `now`, oldest first. */
  live(now: number): StoredRelayMessage[] {
    this.flush()
    return this.#live.all(now).map((row) => ({
      topic: row.topic,
      message: row.message,
      tag: row.tag,
      publishedAt: row.published_at,
      expiresAt: row.expires_at,
      fromClient: row.from_client ?? undefined,
    }))
  }
}
