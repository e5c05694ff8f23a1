import * as v from 'valibot'
import { CacheTtlMs, StorageSchemas, type CacheKey, type StorageKey, type StorageValue } from './storageKeys.js'

/** The subset of the Web Storage API the kit uses, so tests and hosts can pass their own. */
export type StorageBackend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** Typed, failure-proof access to the keys of SPEC §3 under one prefix. */
export interface KitStorage {
  get<K extends StorageKey>(key: K): StorageValue<K> | undefined
  set<K extends StorageKey>(key: K, value: StorageValue<K>): void
  remove(key: StorageKey): void
  /** A cached entry if it is younger than the key's time to live, else undefined. */
  readCache(key: CacheKey, entry: string): unknown
  writeCache(key: CacheKey, entry: string, value: unknown): void
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
    get(key) {
      const name = prefix + key
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
      const result = v.safeParse(StorageSchemas[key], parsed)
      if (result.success) return result.output as StorageValue<typeof key>
      onError(new Error(`Stored value for ${name} does not match its schema`), name)
      erase(name)
      return undefined
    },
    set(key, value) {
      const result = v.safeParse(StorageSchemas[key], value)
      if (!result.success) {
        onError(new Error(`Refused to store an invalid value for ${prefix + key}`), prefix + key)
        return
      }
      write(prefix + key, JSON.stringify(value))
    },
    remove(key) {
      erase(prefix + key)
    },
    readCache(key, entry) {
      const cache = storage.get(key)
      const hit = cache?.[entry]
      if (!hit) return undefined
      if (now() - hit.timestamp < CacheTtlMs[key]) return hit.value
      const { [entry]: _stale, ...rest } = cache
      storage.set(key, rest)
      return undefined
    },
    writeCache(key, entry, value) {
      const cache = storage.get(key) ?? {}
      storage.set(key, { ...cache, [entry]: { timestamp: now(), value } })
    },
  }
  return storage
}

function defaultBackend(): StorageBackend | undefined {
  try {
    // Reading `localStorage` itself throws a SecurityError when the browser blocks storage.
    return typeof globalThis.localStorage === 'undefined' ? undefined : globalThis.localStorage
  } catch {
    return undefined
  }
}
