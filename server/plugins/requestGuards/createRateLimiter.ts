/** A fixed-window limit per client IP. */
export interface RateLimitOptions {
  max: number
  windowMs: number
  /** Clients whose windows are kept at once (100,000 by default); the least recently seen goes first. */
  maxClients?: number
}

/** Counts requests per client IP; shared by HTTP requests and WebSocket upgrades. */
export interface RateLimiter {
  /** Counts one request; returns the seconds to wait when it is past the limit, else undefined. */
  hit(ip: string): number | undefined
}

/**
 * A fixed-window rate limiter per client IP (SPEC §8: past it the kit sees 429 `RATE_LIMITED`).
 * Its memory is bounded by evicting the least recently seen client, one at a time: a flood of
 * new addresses never resets the windows of the clients being limited.
 *
 * @param options - requests allowed per window
 * @returns `hit(ip)`, which counts a request and says how long to wait once past the limit
 * @example
 * const limiter = createRateLimiter({ max: 100, windowMs: 60_000 })
 * const retryAfter = limiter.hit(request.ip)
 */
export function createRateLimiter(options: RateLimitOptions): RateLimiter {
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
