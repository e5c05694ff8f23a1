import Redis from 'ioredis'

/**
 * A connection to the shared Redis (`REDIS_URL` / `--redis`), named for what uses it so that
 * `CLIENT LIST` on a busy server tells the relay's subscriber from the rate limiter. It
 * reconnects forever with a capped back-off: an instance rides out a Redis restart instead of
 * exiting, and a command issued while disconnected waits in the offline queue.
 *
 * A subscriber needs its own connection (Redis allows nothing else on a subscribed one), so
 * each user opens its own rather than sharing one.
 *
 * @param url - `redis://host:port[/db]`
 * @param name - the user, e.g. `relay-publish`, `relay-subscribe`, `rate-limits`
 * @returns the connection, connecting in the background
 */
export function openRedis(url: string, name: string): Redis {
  const redis = new Redis(url, {
    connectionName: `latch-${name}`,
    retryStrategy: (attempt) => Math.min(50 * attempt, 2_000),
    enableAutoPipelining: true,
  })
  // ioredis re-emits every failed reconnection as 'error': without a listener Node would crash
  // the instance on the first Redis restart. The state is logged by whoever owns the connection.
  redis.on('error', () => undefined)
  return redis
}
