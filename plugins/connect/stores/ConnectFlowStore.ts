import { action, makeObservable, observable } from 'mobx'
import { toKitError, type KitError, type ViewStack } from '../../../kernel/index.js'
import type { RecentWallet } from '../../../chains/connection/ConnectionStore.js'
import type { KitConnector } from '../../../chains/connectors/KitConnector.js'
import { WALLET_CONNECT_ID } from '../../../chains/walletconnect/walletConnectId.js'
import type { WalletListing } from '../catalog/WalletListing.js'

/** The part of the connection store the connect flow needs (the connectors plugin provides it). */
export interface Connector {
  /** `wallet`: the catalogue wallet picked, remembered as recent instead of the connector. */
  connect(connectorId: string, options?: { namespace?: string; wallet?: RecentWallet }): Promise<string>
}

/** What the flow is built on: the connection store, and the view stack it shows its views on. */
export interface ConnectFlowDeps {
  connection: Connector
  views: Pick<ViewStack, 'push'>
}

export type ConnectFlowStatus = 'idle' | 'connecting' | 'connected' | 'failed'

/**
 * One connection attempt from the modal: which connector, where it stands, and the error
 * to show (SPEC §8: 'Connection rejected', 'Modal closed', ...). A retry starts it over.
 * Picking a wallet goes through it (`selectConnector`, `selectCatalogueWallet`): it shows the
 * connecting view and starts the attempt.
 */
export class ConnectFlowStore {
  status: ConnectFlowStatus = 'idle'
  connectorId: string | undefined = undefined
  namespace: string | undefined = undefined
  error: KitError | undefined = undefined
  /** How many attempts failed so far: a view keys its shake on it so each failure shakes. */
  failures = 0
  private attempt = 0
  private wallet: RecentWallet | undefined

  constructor(private readonly deps: ConnectFlowDeps) {
    makeObservable<ConnectFlowStore, 'settle'>(this, {
      status: observable,
      connectorId: observable,
      namespace: observable,
      error: observable,
      failures: observable,
      selectConnector: action,
      selectCatalogueWallet: action,
      start: action,
      settle: action,
      reset: action,
    })
  }

  /**
   * A visitor picked a connector: connects with it, in the QR view for WalletConnect and in
   * ConnectingExternal for any other. Resolves as `start` does.
   *
   * @example
   * void flow.selectConnector(connector)
   */
  selectConnector(connector: Pick<KitConnector, 'id' | 'type' | 'chain'>): Promise<boolean> {
    const attempt = this.start(connector.id, connector.chain)
    if (connector.type === 'WALLET_CONNECT') this.deps.views.push('ConnectingWalletConnect', {})
    else this.deps.views.push('ConnectingExternal', { connectorId: connector.id, chain: connector.chain })
    return attempt
  }

  /**
   * A visitor picked a catalogue wallet with no connector of its own: it pairs over
   * WalletConnect, in the QR view with that wallet's links. Resolves as `start` does.
   *
   * @example
   * void flow.selectCatalogueWallet(wallet)
   */
  selectCatalogueWallet(wallet: WalletListing): Promise<boolean> {
    const attempt = this.start(WALLET_CONNECT_ID, undefined, { id: wallet.id, name: wallet.name, ...(wallet.rdns ? { rdns: wallet.rdns } : {}) })
    this.deps.views.push('ConnectingWalletConnect', { wallet })
    return attempt
  }

  /**
   * Connects with a connector; resolves true once an address is there, false on failure.
   * `wallet`: the catalogue wallet the connector pairs with, remembered as recent.
   */
  async start(connectorId: string, namespace?: string, wallet?: RecentWallet): Promise<boolean> {
    const attempt = ++this.attempt
    this.status = 'connecting'
    this.connectorId = connectorId
    this.namespace = namespace
    this.wallet = wallet
    this.error = undefined
    try {
      await this.deps.connection.connect(connectorId, { ...(namespace ? { namespace } : {}), ...(wallet ? { wallet } : {}) })
      this.settle(attempt, 'connected')
      return true
    } catch (error) {
      this.settle(attempt, 'failed', toKitError(error))
      return false
    }
  }

  /** Tries the last connector again. */
  retry(): Promise<boolean> {
    return this.connectorId ? this.start(this.connectorId, this.namespace, this.wallet) : Promise.resolve(false)
  }

  reset(): void {
    this.attempt++
    this.status = 'idle'
    this.error = undefined
  }

  private settle(attempt: number, status: ConnectFlowStatus, error?: KitError): void {
    // A newer attempt (or a reset) owns the state now.
    if (attempt !== this.attempt) return
    this.status = status
    this.error = error
    if (status === 'failed') this.failures++
  }
}
