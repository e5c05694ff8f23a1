import type { RateLimitOptions } from './openRateLimiter.js'

export type { RateLimitOptions } from './openRateLimiter.js'

/** Counts requests per client IP in this process, synchronously. */
export interface LocalRateLimiter {
  /** Counts one request; returns the seconds to wait when it is past the limit, else undefined. */
  hit(ip: string): number | undefined
}

/**
 * A fixed-window rate limiter per client IP, in this process only and synchronous: what the
 * relay's upgrade guard still calls (a per-instance reconnect-storm cap, like its per-IP socket
 * cap). Requests and other upgrades use `openRateLimiter`, which instances can share through Redis.
 * Its memory is bounded by evicting the least recently seen client, one at a time: a flood of
 * new addresses never resets the windows of the clients being limited.
 *
 * @param options - requests allowed per window
 * @returns `hit(ip)`, which counts a request and says how long to wait once past the limit
 * @example
 * const limiter = createRateLimiter({ max: 100, windowMs: 60_000 })
 * const retryAfter = limiter.hit(request.ip)
 */
export function createRateLimiter(options: RateLimitOptions): LocalRateLimiter {
  const maxClients = options.maxClients ?? 100_000
  // A Map iterates in insertion order: re-inserting on each hit keeps the least recent first.
  const windows = new Map<string, { start: number; count: number }>()
  return {
    hit(ip) {
      const now = Date.now()
      let window = windows.get(ip)
      windows.delete(ip)
      if (!window || now - window.start >= options.windowMs) window = { start: now, count: 0 }
      windows.set(ip, window)
      if (windows.size > maxClients) windows.delete(windows.keys().next().value!)
      window.count++
      return window.count > options.max ? Math.ceil((window.start + options.windowMs - now) / 1000) : undefined
    },
  }
}
