import type Redis from 'ioredis'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'

/** A fixed-window limit per client IP. */
export interface RateLimitOptions {
  max: number
  windowMs: number
  /** Clients whose windows this instance keeps in memory at once (100,000 by default); the least recently seen goes first. */
  maxClients?: number
}

/** Counts requests per client IP; shared by HTTP requests and WebSocket upgrades. */
export interface RateLimiter {
  /** Counts one request; resolves to the seconds to wait when it is past the limit, else undefined. */
  hit(ip: string): Promise<number | undefined>
}

/** Where instances behind a balancer keep one budget per client: a Redis connection and the keys' prefix. */
export interface SharedRateLimit {
  redis: Redis
  /** Distinct per limit (the backend's API, the secure site's) so that one does not spend the other. */
  keyPrefix: string
}

/**
 * A fixed-window rate limiter per client IP (SPEC §8: past it the kit sees 429 `RATE_LIMITED`),
 * on `rate-limiter-flexible`: in this process's memory, or in Redis when `shared` is given, so
 * every instance spends from one budget and the limit is exact across them.
 *
 * In memory the windows are bounded by evicting the least recently seen client, one at a time: a
 * flood of new addresses never resets the windows of the clients being limited. The same memory
 * limiter stands in while Redis does not answer (an instance rides out a Redis restart with
 * per-instance limits rather than refusing or admitting everyone).
 *
 * @param options - requests allowed per window
 * @param shared - the Redis that instances share; in memory without it
 * @returns `hit(ip)`, which counts a request and says how long to wait once past the limit
 * @example
 * const limiter = openRateLimiter({ max: 100, windowMs: 60_000 })
 * const retryAfter = await limiter.hit(request.ip)
 */
export function openRateLimiter(options: RateLimitOptions, shared?: SharedRateLimit): RateLimiter {
  const points = options.max
  // The library counts windows in seconds.
  const duration = Math.max(1, Math.ceil(options.windowMs / 1000))
  const memory = new RateLimiterMemory({ points, duration })
  const limiter = shared
    ? new RateLimiterRedis({ storeClient: shared.redis, keyPrefix: shared.keyPrefix, points, duration, rejectIfRedisNotReady: true, insuranceLimiter: memory })
    : memory
  const maxClients = options.maxClients ?? 100_000
  // The memory limiter forgets a window only when it ends: this Map, in least-recent-first order
  // (re-inserted on each hit), bounds how many it holds within a window.
  const recent = new Map<string, true>()
  const remember = (ip: string) => {
    recent.delete(ip)
    recent.set(ip, true)
    if (recent.size <= maxClients) return
    const oldest = recent.keys().next().value!
    recent.delete(oldest)
    void memory.delete(oldest)
  }
  return {
    async hit(ip) {
      remember(ip)
      try {
        await limiter.consume(ip)
        return undefined
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000))
        throw refusal
      }
    },
  }
}
