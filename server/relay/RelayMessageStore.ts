import type { LatchDatabase } from '../storage/openDatabase.js'
import type { RelayMessage } from './RelayHub.js'

/** A stored message as the hub reloads it: its publishing socket is gone, its client id is not. */
export type StoredRelayMessage = Omit<RelayMessage, 'from'>

/**
 * The relay's messages in SQLite, so a restart loses none that are still inside their TTL
 * (issue 15: a WalletConnect request published just before a restart is delivered after it).
 * Each call is one statement, so one transaction per acknowledged publish.
 */
export class RelayMessageStore {
  readonly #insert
  readonly #delete
  readonly #expire
  readonly #live

  constructor(db: LatchDatabase) {
    db.exec(`CREATE TABLE IF NOT EXISTS relay_messages (
      topic TEXT NOT NULL,
      message TEXT NOT NULL,
      tag INTEGER NOT NULL,
      published_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      from_client TEXT,
      PRIMARY KEY (topic, message)
    )`)
    this.#insert = db.prepare(
      'INSERT OR IGNORE INTO relay_messages (topic, message, tag, published_at, expires_at, from_client) VALUES (@topic, @message, @tag, @publishedAt, @expiresAt, @fromClient)',
    )
    this.#delete = db.prepare('DELETE FROM relay_messages WHERE topic = ? AND message = ?')
    this.#expire = db.prepare('DELETE FROM relay_messages WHERE expires_at <= ?')
    this.#live = db.prepare<[number], { topic: string; message: string; tag: number; published_at: number; expires_at: number; from_client: string | null }>(
      'SELECT topic, message, tag, published_at, expires_at, from_client FROM relay_messages WHERE expires_at > ? ORDER BY published_at, rowid',
    )
  }

  add(message: StoredRelayMessage): void {
    this.#insert.run({ topic: message.topic, message: message.message, tag: message.tag, publishedAt: message.publishedAt, expiresAt: message.expiresAt, fromClient: message.fromClient ?? null })
  }

  remove(message: Pick<RelayMessage, 'topic' | 'message'>): void {
    this.#delete.run(message.topic, message.message)
  }

  /** Drops what expired by `now`. */
  expire(now: number): void {
    this.#expire.run(now)
  }

  /** The messages still live at `now`, oldest first. */
  live(now: number): StoredRelayMessage[] {
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
