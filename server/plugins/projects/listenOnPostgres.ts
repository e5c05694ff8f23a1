import pg from 'pg'

/** A `LISTEN` that stays subscribed: `close` ends it. */
export interface PostgresListener {
  close(): Promise<void>
}

/** Between reconnection attempts: a restarting Postgres is back within seconds. */
const RECONNECT_MS = 1_000

/**
 * Listens to a Postgres notification channel on a dedicated connection (a pooled one would be
 * handed to other queries), and reconnects whenever it drops. Notifications sent while it was
 * down are lost, so `onListening` runs after every (re)subscription: the caller re-reads what
 * it might have missed.
 *
 * @param url - the database's `postgres://` URL
 * @param channel - an identifier (`[a-z_]+`), the one `pg_notify` sends to; also the connection's
 *   `application_name`, so that `pg_stat_activity` tells the listener apart
 * @param handlers.onNotification - each notification's payload
 * @param handlers.onListening - after the first subscription and each one after a reconnection
 * @param handlers.onError - a dropped connection or a failed attempt, for the log
 * @example
 * const listener = listenOnPostgres(url, 'latch_projects', { onNotification: () => refresh(), onListening: () => refresh() })
 */
export function listenOnPostgres(
  url: string,
  channel: string,
  handlers: { onNotification: (payload: string) => void; onListening: () => void; onError?: (error: unknown) => void },
): PostgresListener {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`listenOnPostgres: not a channel name: ${channel}`)
  let closed = false
  let client: pg.Client | undefined
  let retry: NodeJS.Timeout | undefined

  const connect = async () => {
    retry = undefined
    if (closed) return
    const next = new pg.Client({ connectionString: url, keepAlive: true, application_name: `${channel}_listener` })
    client = next
    let dropped = false
    const drop = (error?: unknown) => {
      if (dropped) return
      dropped = true
      if (error && !closed) handlers.onError?.(error)
      next.removeAllListeners('notification')
      void next.end().catch(() => undefined)
      if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS).unref()
    }
    next.on('error', drop)
    next.on('end', () => drop())
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '')
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${channel}`)
    } catch (error) {
      return drop(error)
    }
    if (closed) return void next.end().catch(() => undefined)
    handlers.onListening()
  }
  void connect()

  return {
    async close() {
      closed = true
      clearTimeout(retry)
      await client?.end().catch(() => undefined)
    },
  }
}
