import type Redis from 'ioredis'

/**
 * Waits until a connection from `openRedis` is ready, for at most `timeoutMs`. Users that fall
 * back to memory while Redis does not answer (the rate limiter) would otherwise count an
 * instance's first requests in memory, before the connection's first handshake.
 *
 * @param redis - a connection, connecting in the background
 * @param timeoutMs - how long a start may wait; past it the instance starts anyway (Redis down at boot)
 * @returns whether it is ready
 */
export async function untilRedisReady(redis: Redis, timeoutMs = 5_000): Promise<boolean> {
  if (redis.status === 'ready') return true
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer)
      redis.off('ready', onReady)
      resolve(ready)
    }
    const onReady = () => done(true)
    const timer = setTimeout(() => done(false), timeoutMs)
    redis.on('ready', onReady)
  })
}
