import * as v from 'valibot'
import { cacheSchema, type StorageDefinitions } from '../../kernel/index.js'

const Namespace = v.pipe(v.string(), v.minLength(1), v.maxLength(32))
const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(256))
const RecentWalletSchema = v.object({ id: Id, rdns: v.optional(v.string()), name: v.string() })
const NativeBalanceSchema = v.object({ formatted: v.pipe(v.string(), v.maxLength(80)), symbol: v.pipe(v.string(), v.maxLength(16)) })
/** A native balance as the account button shows it. */
export type NativeBalance = v.InferOutput<typeof NativeBalanceSchema>
const ConnectionSchema = v.object({
  connectorId: Id,
  accounts: v.array(v.object({ address: Id, type: v.optional(v.string()) })),
  recent: v.optional(v.boolean()),
  auth: v.optional(v.object({ name: v.optional(v.string()), username: v.optional(v.string()) })),
})

declare module '../../kernel/storage/storageKeys.js' {
  interface StorageItemMap {
    activeNamespace: string
    activeCaipNetworkId: string
    recentWallets: v.InferOutput<typeof RecentWalletSchema>[]
    connectedConnectorIds: Record<string, string>
    connectionStatus: 'connected' | 'disconnected' | 'connecting' | 'reconnecting'
    connectedNamespaces: string[]
    preferredAccountTypes: Record<string, string>
    connections: Record<string, v.InferOutput<typeof ConnectionSchema>[]>
    disconnectedConnectorIds: Record<string, string[]>
    lastUsedChain: string
    /** Native balances by CAIP-10 account, each with when it was read. */
    nativeBalanceCache: Record<string, { timestamp: number; value: NativeBalance }>
  }
}

/** SPEC §9: a native balance read is reused for 30 s (connects, reloads, network switches). */
export const NATIVE_BALANCE_CACHE_TTL_MS = 30_000

/**
 * The keys the connection store keeps (SPEC §3 'Stored locally'), with their schemas: a stored
 * value that fails its schema is corrupt or foreign, and reads as nothing saved.
 */
export const CONNECTION_STORAGE: StorageDefinitions = {
  activeNamespace: { schema: Namespace },
  activeCaipNetworkId: { schema: Id },
  recentWallets: { schema: v.pipe(v.array(RecentWalletSchema), v.maxLength(2)) },
  connectedConnectorIds: { schema: v.record(Namespace, Id) },
  connectionStatus: { schema: v.picklist(['connected', 'disconnected', 'connecting', 'reconnecting']) },
  connectedNamespaces: { schema: v.array(Namespace) },
  preferredAccountTypes: { schema: v.record(Namespace, v.string()) },
  connections: { schema: v.record(Namespace, v.array(ConnectionSchema)) },
  disconnectedConnectorIds: { schema: v.record(Namespace, v.array(Id)) },
  lastUsedChain: { schema: Namespace },
  nativeBalanceCache: { schema: cacheSchema(NativeBalanceSchema), ttlMs: NATIVE_BALANCE_CACHE_TTL_MS },
}
