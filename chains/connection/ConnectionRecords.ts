import type { KitStorage } from '../../kernel/index.js'
import type { Account, AccountType } from '../adapter/ChainAdapter.js'
import type { CaipNetworkId, ChainNamespace } from '../caip/ChainNamespace.js'
import type { Network } from '../networks/Network.js'
import type { ConnectionStatus } from './AccountState.js'
import { CONNECTION_STORAGE, type NativeBalance } from './connectionStorage.js'

/** A connection kept per namespace (SPEC §3). */
export interface Connection {
  connectorId: string
  accounts: Array<{ address: string; type?: string }>
  recent?: boolean
  auth?: { name?: string; username?: string }
}

/** A recently used wallet (SPEC §3). */
export interface RecentWallet {
  id: string
  rdns?: string
  name: string
}

/**
 * What the connection store keeps in the kit's storage for the next visit and the page's other
 * tabs (SPEC §3 'Stored locally'): one method per fact, so the store never spells a key. Reads
 * of a corrupt value give nothing saved (the keys' schemas, connectionStorage).
 */
export class ConnectionRecords {
  constructor(private readonly storage: KitStorage) {
    storage.define(CONNECTION_STORAGE)
  }

  /** The connector each namespace was left connected with: what a reload or another tab restores. */
  connectorIds(): Partial<Record<ChainNamespace, string>> {
    return this.storage.get('connectedConnectorIds') ?? {}
  }

  activeCaipNetworkId(): string | undefined {
    return this.storage.get('activeCaipNetworkId')
  }

  recentWallets(): RecentWallet[] | undefined {
    return this.storage.get('recentWallets')
  }

  connections(): Partial<Record<ChainNamespace, Connection[]>> {
    return this.storage.get('connections') ?? {}
  }

  preferredAccountType(namespace: ChainNamespace): AccountType | undefined {
    return this.storage.get('preferredAccountTypes')?.[namespace] as AccountType | undefined
  }

  /**
   * A namespace connected with `connectorId`: restored on the next visit, no longer counted as
   * disconnected by the visitor, and first in its connections.
   *
   * @returns the namespace's connections, this one first
   */
  saveConnected(
    namespace: ChainNamespace,
    connectorId: string,
    accounts: Account[],
    active: { namespace?: ChainNamespace; caipNetworkId?: CaipNetworkId },
  ): Connection[] {
    const storage = this.storage
    storage.set('connectedConnectorIds', { ...storage.get('connectedConnectorIds'), [namespace]: connectorId })
    storage.set('connectedNamespaces', [...new Set([...(storage.get('connectedNamespaces') ?? []), namespace])])
    storage.set('lastUsedChain', namespace)
    if (active.namespace) storage.set('activeNamespace', active.namespace)
    if (active.caipNetworkId) storage.set('activeCaipNetworkId', active.caipNetworkId)
    if (namespace === active.namespace) storage.set('connectionStatus', 'connected')
    const disconnected = storage.get('disconnectedConnectorIds') ?? {}
    if (disconnected[namespace]?.includes(connectorId)) {
      storage.set('disconnectedConnectorIds', { ...disconnected, [namespace]: disconnected[namespace]!.filter((id) => id !== connectorId) })
    }
    const previous = this.connections()[namespace] ?? []
    // `recent` marks the namespace's last connection; `auth` (who logged in) stays until its owner says otherwise.
    const auth = previous.find((c) => c.connectorId === connectorId)?.auth
    const connection: Connection = { connectorId, accounts: accounts.map(({ address, type }) => ({ address, type })), recent: true, ...(auth ? { auth } : {}) }
    const list = [connection, ...previous.filter((c) => c.connectorId !== connectorId).map(({ recent: _recent, ...rest }) => rest)]
    storage.set('connections', { ...storage.get('connections'), [namespace]: list })
    return list
  }

  /**
   * Names who is logged in through a saved connection (SPEC §3 Connection.auth: the embedded
   * wallet's email or social account), so Connected Wallets can say which one.
   *
   * @returns the namespace's connections, or undefined when it has none with that connector
   */
  saveAuth(namespace: ChainNamespace, connectorId: string, auth: { name?: string; username?: string } | undefined): Connection[] | undefined {
    const list = this.connections()[namespace]
    if (!list?.some((c) => c.connectorId === connectorId)) return undefined
    const next = list.map((c) => {
      if (c.connectorId !== connectorId) return c
      const { auth: _old, ...rest } = c
      return auth ? { ...rest, auth } : rest
    })
    this.storage.set('connections', { ...this.storage.get('connections'), [namespace]: next })
    return next
  }

  /** A namespace no longer restored; `byUser`: the visitor disconnected that connector. */
  forget(namespace: ChainNamespace, connectorId: string, byUser: boolean): void {
    const storage = this.storage
    const ids = { ...storage.get('connectedConnectorIds') }
    delete ids[namespace]
    storage.set('connectedConnectorIds', ids)
    storage.set('connectedNamespaces', (storage.get('connectedNamespaces') ?? []).filter((ns) => ns !== namespace))
    if (!byUser) return
    const disconnected = storage.get('disconnectedConnectorIds') ?? {}
    storage.set('disconnectedConnectorIds', { ...disconnected, [namespace]: [...new Set([...(disconnected[namespace] ?? []), connectorId])] })
  }

  saveActiveNetwork(network: Network): void {
    this.storage.set('activeNamespace', network.chainNamespace)
    this.storage.set('activeCaipNetworkId', network.caipNetworkId)
  }

  saveActiveCaipNetworkId(caipNetworkId: CaipNetworkId): void {
    this.storage.set('activeCaipNetworkId', caipNetworkId)
  }

  /** The active namespace's status, which other tabs and the next visit read. */
  saveStatus(status: ConnectionStatus): void {
    this.storage.set('connectionStatus', status)
  }

  savePreferredAccountType(namespace: ChainNamespace, type: AccountType): void {
    this.storage.set('preferredAccountTypes', { ...this.storage.get('preferredAccountTypes'), [namespace]: type })
  }

  /** A CAIP-10 account's native balance read in the last 30 s, if any (SPEC §9). */
  nativeBalance(caipAddress: string): NativeBalance | undefined {
    return this.storage.readCache('nativeBalanceCache', caipAddress) as NativeBalance | undefined
  }

  saveNativeBalance(caipAddress: string, balance: NativeBalance): void {
    this.storage.writeCache('nativeBalanceCache', caipAddress, { formatted: balance.formatted, symbol: balance.symbol })
  }

  saveRecentWallets(wallets: readonly RecentWallet[]): void {
    this.storage.set('recentWallets', wallets.map(({ id, name, rdns }) => (rdns ? { id, name, rdns } : { id, name })))
  }
}
