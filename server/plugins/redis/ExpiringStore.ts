import type Redis from 'ioredis'
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Login state in flight (issue 31): what one request of a login leaves for a later one, kept for
 * minutes. In memory for one instance; in Redis when instances share one (`--redis`), so a login
 * started on one instance finishes on another. `take` reads and removes at once (Redis `GETDEL`):
 * a one-time value is redeemed once, across every instance.
 */
export interface ExpiringStore<T> {
  /** Keeps `value` under `key` for `ttlMs`, in the place of an earlier one. */
  put(key: string, value: T, ttlMs: number): Promise<void>
  /** The value, left in place; undefined once expired. */
  get(key: string): Promise<T | undefined>
  /** The value, removed as it is read: of two instances taking it at once, one gets it. */
  take(key: string): Promise<T | undefined>
}

/**
 * The store for this instance: Redis (under `name`'s prefix) when given, else memory.
 *
 * @param name - the user, e.g. `key-enrollments`: the Redis keys' prefix
 * @param redis - the shared Redis; memory without it
 * @param secret - in Redis, values are sealed under a key derived from it (AES-256-GCM, bound to
 *   their key), so what a Redis dump shows is useless without the instances' master secret
 * @param memory - the memory store's bound (see `memoryExpiringStore`)
 */
export function openExpiringStore<T>(name: string, redis: Redis | undefined, secret: Buffer, memory: { maxEntries?: number } = {}): ExpiringStore<T> {
  return redis ? redisExpiringStore(redis, name, secret) : memoryExpiringStore(memory)
}

/**
 * In this process: expired entries are swept at each `put`, and past `maxEntries` (what anyone
 * may start, unauthenticated, within one TTL) the oldest goes first.
 */
export function memoryExpiringStore<T>({ maxEntries = Infinity, now = Date.now }: { maxEntries?: number; now?: () => number } = {}): ExpiringStore<T> {
  const entries = new Map<string, { value: T; until: number }>()
  const live = (key: string) => {
    const entry = entries.get(key)
    if (entry && entry.until > now()) return entry
    entries.delete(key)
    return undefined
  }
  return {
    async put(key, value, ttlMs) {
      const at = now()
      for (const [other, entry] of entries) if (entry.until <= at) entries.delete(other)
      entries.delete(key)
      entries.set(key, { value, until: at + ttlMs })
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
    },
    async get(key) {
      return live(key)?.value
    },
    async take(key) {
      const entry = live(key)
      entries.delete(key)
      return entry?.value
    },
  }
}

/** In Redis, as `SET PX` and `GETDEL`: expiry and one-time redemption are Redis's, exact across instances. */
export function redisExpiringStore<T>(redis: Redis, name: string, secret: Buffer): ExpiringStore<T> {
  const sealing = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `latch login state ${name}`, 32))
  const redisKey = (key: string) => `latch:${name}:${key}`
  const open = (key: string, stored: Buffer | null): T | undefined => (stored ? (decode(unseal(sealing, redisKey(key), stored)) as T) : undefined)
  return {
    async put(key, value, ttlMs) {
      await redis.set(redisKey(key), seal(sealing, redisKey(key), encode(value)), 'PX', Math.max(1, Math.ceil(ttlMs)))
    },
    async get(key) {
      return open(key, await redis.getBuffer(redisKey(key)))
    },
    async take(key) {
      return open(key, await redis.getdelBuffer(redisKey(key)))
    },
  }
}

function seal(key: Buffer, boundTo: string, plain: string): Buffer {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(boundTo))
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body])
}

function unseal(key: Buffer, boundTo: string, sealed: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12))
  decipher.setAAD(Buffer.from(boundTo))
  decipher.setAuthTag(sealed.subarray(12, 28))
  return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8')
}

/** JSON that keeps byte arrays (key shares) as bytes. */
const BYTES = '$bytes'
const encode = (value: unknown) =>
  JSON.stringify(value, (_key, each: unknown) => (each instanceof Uint8Array ? { [BYTES]: Buffer.from(each).toString('base64') } : each))
const decode = (text: string): unknown =>
  JSON.parse(text, (_key, each: unknown) =>
    each && typeof each === 'object' && BYTES in each ? new Uint8Array(Buffer.from((each as Record<string, string>)[BYTES]!, 'base64')) : each,
  )
