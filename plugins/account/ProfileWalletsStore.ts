import { computed, makeObservable, observable, runInAction } from 'mobx'
import { toKitError } from '../../kernel/index.js'
import type { ChainNamespace } from '../../chains/caip/ChainNamespace.js'
import type { Connection, ConnectionStore } from '../../chains/connection/ConnectionStore.js'
import type { StoreText } from '../../ui-shell/i18n/I18nStore.js'

/** One saved connection as ProfileWallets lists it. */
export interface WalletRow {
  key: string
  namespace: ChainNamespace
  connectorId: string
  name: string
  /** Who is logged in through it (an embedded wallet's email or social user name), from Connection.auth. */
  account: string | undefined
  /** The wallet's icon URL (the view keeps only safe ones). */
  icon: string | undefined
  /** The chain in words: the live network's name, else the namespace's ('Solana'). */
  chainName: string
  address: string | undefined
  /** The namespace's live connection right now. */
  isCurrent: boolean
  connection: Connection
}

export interface ProfileWalletsStoreDeps {
  connection: ConnectionStore
  /** A connector's display name (the registry's), falling back to its id. */
  connectorName(connectorId: string): string | undefined
  /** A connector's icon: its own, else the catalogue's image for its image id. */
  connectorIcon?(connectorId: string): string | undefined
  showError(message: StoreText): void
  /** A switch that needs a fresh connection (WalletConnect, email, social) opens Connect. */
  openConnect(): void
  /** After the last connection is gone the modal closes. */
  onAllDisconnected(): void
}

/** Each namespace in words, for a saved connection whose network is not live. */
const NAMESPACE_NAMES: Partial<Record<ChainNamespace, string>> = {
  eip155: 'Ethereum',
  solana: 'Solana',
  polkadot: 'Polkadot',
  bip122: 'Bitcoin',
  cosmos: 'Cosmos',
}

/**
 * ProfileWallets (SPEC §2): every saved connection per namespace, which one is live, switching
 * to another (classified per SPEC §4) and disconnecting.
 */
export class ProfileWalletsStore {
  /** The row being switched to or disconnected, so its button shows progress. */
  busyKey: string | undefined = undefined

  constructor(private readonly deps: ProfileWalletsStoreDeps) {
    makeObservable(this, { busyKey: observable, rows: computed })
  }

  get rows(): WalletRow[] {
    const connection = this.deps.connection
    const rows: WalletRow[] = []
    for (const [namespace, list] of connection.connections) {
      const state = connection.accountStates.get(namespace)
      for (const saved of list) {
        const isCurrent = state?.status === 'connected' && state.connectedWalletInfo?.id === saved.connectorId
        const liveNetwork = isCurrent ? connection.networks.find((network) => state?.caipAddress?.startsWith(`${network.caipNetworkId}:`)) : undefined
        rows.push({
          key: `${namespace}:${saved.connectorId}`,
          namespace,
          connectorId: saved.connectorId,
          name: (isCurrent ? state?.connectedWalletInfo?.name : undefined) ?? this.deps.connectorName(saved.connectorId) ?? saved.connectorId,
          account: saved.auth?.username,
          icon: (isCurrent ? state?.connectedWalletInfo?.icon : undefined) ?? this.deps.connectorIcon?.(saved.connectorId),
          chainName: liveNetwork?.name ?? NAMESPACE_NAMES[namespace] ?? namespace,
          address: isCurrent ? state?.address : saved.accounts[0]?.address,
          isCurrent,
          connection: saved,
        })
      }
    }
    // The live connections first.
    return rows.sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent))
  }

  /** Makes a saved connection live; one needing a fresh connection opens Connect. */
  async switchTo(row: WalletRow): Promise<void> {
    const connection = this.deps.connection
    if (row.isCurrent) return
    this.setBusy(row.key)
    try {
      if (connection.classifySwitch(row.connection, row.namespace) === 'disconnected') {
        this.deps.openConnect()
        return
      }
      await connection.switchConnection({ connection: row.connection, namespace: row.namespace })
    } catch (error) {
      this.deps.showError(toKitError(error))
    } finally {
      this.setBusy(undefined)
    }
  }

  /**
   * Disconnects one namespace, or all. State is cleared even when a wallet fails to answer;
   * the failure still shows ('Failed to disconnect', SPEC §8). Once nothing is connected the
   * modal closes.
   */
  async disconnect(namespace?: ChainNamespace): Promise<void> {
    const connection = this.deps.connection
    this.setBusy(namespace ?? 'all')
    try {
      await connection.disconnect(namespace)
    } catch (error) {
      this.deps.showError(toKitError(error))
    } finally {
      this.setBusy(undefined)
    }
    if (connection.connectedNamespaces.length === 0) this.deps.onAllDisconnected()
  }

  private setBusy(key: string | undefined): void {
    runInAction(() => (this.busyKey = key))
  }
}
