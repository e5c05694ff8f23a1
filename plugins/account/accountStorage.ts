import * as v from 'valibot'
import { cacheSchema, type StorageDefinitions } from '../../kernel/index.js'

/** One cache key's stored shape (`cacheSchema`): entries by id, each with the time it was written. */
type Cache = Record<string, { timestamp: number; value: unknown }>

declare module '../../kernel/storage/storageKeys.js' {
  interface StorageItemMap {
    /** The Tokens tab's balances by CAIP-10 account. */
    balanceCache: Cache
    /** Names and avatars by address. */
    identityCache: Cache
    /** Addresses by name (SPEC §3's ENS cache): what a typed receiver name resolved to. */
    ensCache: Cache
  }
}

/** SPEC §9: portfolio (balance) cache 30 s; ENS and identity caches 5 min. */
export const BALANCE_CACHE_TTL_MS = 30_000
export const IDENTITY_CACHE_TTL_MS = 5 * 60_000

/**
 * The cache keys the account plugin keeps (SPEC §3 'Stored locally'), with how long an entry
 * stays fresh (SPEC §9). The values are the service's answers, checked where they are read.
 */
export const ACCOUNT_STORAGE: StorageDefinitions = {
  balanceCache: { schema: cacheSchema(v.unknown()), ttlMs: BALANCE_CACHE_TTL_MS },
  identityCache: { schema: cacheSchema(v.unknown()), ttlMs: IDENTITY_CACHE_TTL_MS },
  ensCache: { schema: cacheSchema(v.string()), ttlMs: IDENTITY_CACHE_TTL_MS },
}
