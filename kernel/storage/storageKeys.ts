import * as v from 'valibot'

const Namespace = v.pipe(v.string(), v.minLength(1), v.maxLength(32))
const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(256))

const RecentWallet = v.object({ id: Id, rdns: v.optional(v.string()), name: v.string() })
const Connection = v.object({
  connectorId: Id,
  accounts: v.array(v.object({ address: Id, type: v.optional(v.string()) })),
  recent: v.optional(v.boolean()),
  auth: v.optional(v.object({ name: v.optional(v.string()), username: v.optional(v.string()) })),
})

/** A cache entry carries the time it was written, so readers can expire it. */
const Cached = <T extends v.GenericSchema>(value: T) =>
  v.record(v.string(), v.object({ timestamp: v.number(), value }))

/**
 * Every key the kit keeps in local storage (SPEC §3 'Stored locally'), with its schema.
 * A stored value that fails its schema is corrupt or foreign: it is removed and the default used.
 */
export const StorageSchemas = {
  deeplinkChoice: v.object({ href: v.string(), name: v.string() }),
  activeNamespace: Namespace,
  activeCaipNetworkId: Id,
  recentWallets: v.pipe(v.array(RecentWallet), v.maxLength(2)),
  connectedConnectorIds: v.record(Namespace, Id),
  connectedSocialProvider: Id,
  connectedSocialUsername: Id,
  connectionStatus: v.picklist(['connected', 'disconnected', 'connecting', 'reconnecting']),
  connectedNamespaces: v.array(Namespace),
  preferredAccountTypes: v.record(Namespace, v.string()),
  balanceCache: Cached(v.unknown()),
  nativeBalanceCache: Cached(v.unknown()),
  ensCache: Cached(v.unknown()),
  identityCache: Cached(v.unknown()),
  connections: v.record(Namespace, v.array(Connection)),
  disconnectedConnectorIds: v.record(Namespace, v.array(Id)),
  email: v.pipe(v.string(), v.email()),
  emailLoginUsed: v.boolean(),
  lastEmailLoginTime: v.number(),
  lastUsedChain: Namespace,
  smartAccountEnabledNetworks: v.pipe(v.string(), v.regex(/^[\w:,-]*$/)),
} as const

export type StorageKey = keyof typeof StorageSchemas
export type StorageValue<K extends StorageKey> = v.InferOutput<(typeof StorageSchemas)[K]>

/** The cache keys and how long their entries stay fresh (SPEC §9). */
export const CacheTtlMs = {
  balanceCache: 30_000,
  nativeBalanceCache: 30_000,
  ensCache: 5 * 60_000,
  identityCache: 5 * 60_000,
} as const satisfies Partial<Record<StorageKey, number>>

export type CacheKey = keyof typeof CacheTtlMs
