import * as v from 'valibot'
import { StorageKeyUndefinedError, StorageValueInvalidError } from '../errors/kit.js'
import type { StorageDefinitions, StorageItemDefinition, StorageKey, StorageValue } from './storageKeys.js'

/** The subset of the Web Storage API the kit uses, so tests and hosts can pass their own. */
export type StorageBackend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/**
 * Typed, failure-proof access to the keys plugins define, under one prefix. A key nobody
 * defined reads as undefined and is never written.
 */
export interface KitStorage {
  /** Adds keys and their schemas; defining a key again replaces its schema. */
  define(definitions: StorageDefinitions): void
  get<K extends StorageKey>(key: K): StorageValue<K> | undefined
  set<K extends StorageKey>(key: K, value: StorageValue<K>): void
  remove(key: StorageKey): void
  /** A cached entry if it is younger than the key's `ttlMs`, else undefined. */
  readCache(key: StorageKey, entry: string): unknown
  writeCache(key: StorageKey, entry: string, value: unknown): void
}

export interface CreateStorageOptions {
  /** Defaults to `window.localStorage` when reachable, else memory. */
  backend?: StorageBackend
  prefix?: string
  now?: () => number
  /** Told of every swallowed storage failure (quota, disabled storage, corrupt value). */
  onError?: (error: unknown, key: string) => void
}

export const DEFAULT_STORAGE_PREFIX = '@latch/'

/**
 * Creates the kit's storage. Nothing it does throws: a disabled or full storage falls back
 * to memory, a corrupt or foreign value is removed and reads as undefined.
 */
export function createStorage(options: CreateStorageOptions = {}): KitStorage {
  const prefix = options.prefix ?? DEFAULT_STORAGE_PREFIX
  const now = options.now ?? Date.now
  const onError = options.onError ?? (() => {})
  const memory = new Map<string, string>()
  // Looked up at first use, not with the kit: a page's first `localStorage` access opens its
  // database, time a phone's first task cannot spare (issue 32).
  let backend: StorageBackend | undefined | null = null
  const backendOf = () => (backend === null ? (backend = options.backend ?? defaultBackend()) : backend)
  const definitions = new Map<string, StorageItemDefinition>()

  /** Runs a storage call; a failure (quota, disabled storage) is reported and reads as undefined. */
  const attempt = <T>(name: string, run: () => T): T | undefined => {
    try {
      return run()
    } catch (error) {
      onError(error, name)
      return undefined
    }
  }
  const read = (name: string) => attempt(name, () => backendOf()?.getItem(name)) ?? memory.get(name)
  // The memory copy keeps this session working when the backend refuses.
  const write = (name: string, text: string) => void (memory.set(name, text), attempt(name, () => backendOf()?.setItem(name, text)))
  const erase = (name: string) => void (memory.delete(name), attempt(name, () => backendOf()?.removeItem(name)))

  const storage: KitStorage = {
    define(added) {
      for (const [key, definition] of Object.entries(added)) if (definition) definitions.set(key, definition)
    },
    get(key) {
      const name = prefix + key
      const schema = definitions.get(key)?.schema
      if (!schema) return void onError(new StorageKeyUndefinedError(name), name)
      const text = read(name)
      if (text === null || text === undefined) return undefined
      const result = attempt(name, () => v.safeParse(schema, JSON.parse(text)))
      if (result?.success) return result.output as StorageValue<typeof key>
      // Corrupt or foreign: dropped, so the default is used from now on.
      if (result) onError(new StorageValueInvalidError(name), name)
      erase(name)
      return undefined
    },
    set(key, value) {
      const name = prefix + key
      const definition = definitions.get(key)
      if (definition && v.safeParse(definition.schema, value).success) return write(name, JSON.stringify(value))
      onError(definition ? new StorageValueInvalidError(name) : new StorageKeyUndefinedError(name), name)
    },
    remove(key) {
      erase(prefix + key)
    },
    readCache(key, entry) {
      const cache = readEntries(key)
      const hit = cache?.[entry]
      if (!cache || !hit) return undefined
      if (now() - hit.timestamp < (definitions.get(key)?.ttlMs ?? 0)) return hit.value
      const { [entry]: _stale, ...rest } = cache
      storage.set(key, rest as never)
      return undefined
    },
    writeCache(key, entry, value) {
      storage.set(key, { ...readEntries(key), [entry]: { timestamp: now(), value } } as never)
    },
  }
  const readEntries = (key: StorageKey) => storage.get(key) as Record<string, CacheEntry> | undefined
  return storage
}

/** One entry of a cache key: the value and when it was written. */
interface CacheEntry {
  timestamp: number
  value: unknown
}

/**
 * The schema of a cache key: entries by id, each with the time it was written.
 *
 * @example
 * ctx.storage.define({ balanceCache: { schema: cacheSchema(v.unknown()), ttlMs: 30_000 } })
 */
export const cacheSchema = <T extends v.GenericSchema>(value: T) =>
  v.record(v.string(), v.object({ timestamp: v.number(), value }))

function defaultBackend(): StorageBackend | undefined {
  try {
    // Reading `localStorage` itself throws a SecurityError when the browser blocks storage.
    return typeof globalThis.localStorage === 'undefined' ? undefined : globalThis.localStorage
  } catch {
    return undefined
  }
}
