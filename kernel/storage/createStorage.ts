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
  const backend = options.backend ?? defaultBackend()
  const definitions = new Map<string, StorageItemDefinition>()

  const read = (name: string): string | null => {
    try {
      if (backend) return backend.getItem(name)
    } catch (error) {
      onError(error, name)
    }
    return memory.get(name) ?? null
  }
  const write = (name: string, text: string) => {
    memory.set(name, text)
    try {
      backend?.setItem(name, text)
    } catch (error) {
      // Quota exceeded or storage disabled: the memory copy keeps this session working.
      onError(error, name)
    }
  }
  const erase = (name: string) => {
    memory.delete(name)
    try {
      backend?.removeItem(name)
    } catch (error) {
      onError(error, name)
    }
  }

  const storage: KitStorage = {
    define(added) {
      for (const [key, definition] of Object.entries(added)) if (definition) definitions.set(key, definition)
    },
    get(key) {
      const name = prefix + key
      const definition = definitions.get(key)
      if (!definition) {
        onError(new StorageKeyUndefinedError(name), name)
        return undefined
      }
      const text = read(name)
      if (text === null) return undefined
      let parsed: unknown
      try {
        parsed = JSON.parse(text)
      } catch (error) {
        onError(error, name)
        erase(name)
        return undefined
      }
      const result = v.safeParse(definition.schema, parsed)
      if (result.success) return result.output as StorageValue<typeof key>
      onError(new StorageValueInvalidError(name), name)
      erase(name)
      return undefined
    },
    set(key, value) {
      const definition = definitions.get(key)
      const result = definition ? v.safeParse(definition.schema, value) : undefined
      if (!result?.success) {
        onError(definition ? new StorageValueInvalidError(prefix + key) : new StorageKeyUndefinedError(prefix + key), prefix + key)
        return
      }
      write(prefix + key, JSON.stringify(value))
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
