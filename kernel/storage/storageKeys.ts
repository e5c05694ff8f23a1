import type * as v from 'valibot'

/**
 * The value type of every key a plugin keeps in local storage. The kernel declares none:
 * each plugin adds its keys by declaration merging and defines their schemas at setup
 * (`ctx.storage.define`), so a key and its check live with the feature that owns it.
 *
 * @example
 * declare module 'latch/kernel' {
 *   interface StorageItemMap { lastDevice: string }
 * }
 * ctx.storage.define({ lastDevice: { schema: v.string() } })
 */
export interface StorageItemMap {}

export type StorageKey = keyof StorageItemMap & string
export type StorageValue<K extends StorageKey> = StorageItemMap[K]

/** A key's schema and, for caches, how long an entry stays fresh. */
export interface StorageItemDefinition<T = unknown> {
  schema: v.GenericSchema<unknown, T>
  /** Set for cache keys: `readCache` ignores entries older than this. */
  ttlMs?: number
}

/** Schemas for some keys of the item map, as a plugin passes them to `define`. */
export type StorageDefinitions = { [K in StorageKey]?: StorageItemDefinition<StorageValue<K>> }
