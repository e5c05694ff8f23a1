import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx'
import { toKitError, type ViewDataMap, type ViewName } from '../../kernel/index.js'
import type { ConnectionStore } from '../../chains/connection/ConnectionStore.js'
import type { Network } from '../../chains/networks/Network.js'
import type { SwitchTarget } from './accountViewData.js'
import type { StoreText } from '../../ui-shell/i18n/I18nStore.js'

/** The modal's history, as far as a network switch moves it. */
export interface SwitchNavigation {
  push<V extends ViewName>(view: V, data?: ViewDataMap[V]): void
  replace<V extends ViewName>(view: V, data?: ViewDataMap[V]): void
  back(): void
  /** Ends on Account once the wallet switched. */
  showAccount(): void
}

export interface NetworkSwitchStoreDeps {
  connection: ConnectionStore
  navigation: SwitchNavigation
  showError(message: StoreText): void
  /** The networks the blockchain service serves (SPEC §7 /v1/supported-chains); absent without a service. */
  fetchServedNetworks?(): Promise<ReadonlySet<string>>
}

/** The namespaces whose balances and activity come from the blockchain service (SPEC §9); others rely on their wallets. */
const SERVICE_NAMESPACES = new Set(['eip155', 'solana'])

/**
 * Network switching as SPEC §2 routes it: within the connected namespace SwitchNetwork waits
 * for the wallet (a failure goes back one view); to a namespace not yet connected
 * SwitchActiveChain, then Connect.
 */
export class NetworkSwitchStore {
  /** The network the wallet is being asked to switch to. */
  pending: string | undefined = undefined
  /** The last switch failed: SwitchNetwork offers a retry. */
  failed = false
  /** What the blockchain service serves, once read; undefined until then (nothing is marked). */
  served: ReadonlySet<string> | undefined = undefined
  private servedRead: Promise<void> | undefined

  constructor(private readonly deps: NetworkSwitchStoreDeps) {
    makeObservable<NetworkSwitchStore, 'setPending'>(this, {
      pending: observable,
      failed: observable,
      served: observableRef,
      selectNetwork: action,
      confirmActiveChain: action,
      ensureSwitching: action,
      networks: computed,
      activeCaipNetworkId: computed,
      setPending: action,
    })
  }

  /** The host's networks, the active one first kept in the host's order. */
  get networks(): readonly Network[] {
    return this.deps.connection.networks ?? []
  }

  get activeCaipNetworkId(): string | undefined {
    return this.deps.connection.activeCaipNetworkId
  }

  /** Reads once which networks the blockchain service serves; a failure leaves every network unmarked. */
  loadServedNetworks(): Promise<void> {
    const fetchServed = this.deps.fetchServedNetworks
    return (this.servedRead ??= fetchServed
      ? fetchServed().then(
          (served) => runInAction(() => void (this.served = served)),
          () => undefined,
        )
      : Promise.resolve())
  }

  /** A listed eip155 or Solana network the blockchain service said it does not serve: no balance or activity there. */
  isUnserved(network: Network): boolean {
    return this.served !== undefined && SERVICE_NAMESPACES.has(network.chainNamespace) && !this.served.has(network.caipNetworkId)
  }

  /** Looks a network up by CAIP-2 id among the host's. */
  networkOf(caipNetworkId: string | undefined): Network | undefined {
    return this.networks.find((n) => n.caipNetworkId === caipNetworkId)
  }

  /**
   * The visitor picked a network in Networks. The active one changes nothing; one in a
   * namespace without a connection opens SwitchActiveChain; any other opens SwitchNetwork and
   * asks the wallet.
   */
  selectNetwork(caipNetworkId: string): void {
    const connection = this.deps.connection
    const network = this.networkOf(caipNetworkId)
    if (!network) return
    if (caipNetworkId === connection.activeCaipNetworkId && !connection.isUnsupportedNetwork) {
      this.deps.navigation.back()
      return
    }
    const target: SwitchTarget = { caipNetworkId }
    if (network.chainNamespace !== connection.activeNamespace && connection.statusOf(network.chainNamespace) !== 'connected') {
      this.deps.navigation.push('SwitchActiveChain', target)
      return
    }
    this.deps.navigation.push('SwitchNetwork', target)
    void this.switchTo(caipNetworkId)
  }

  /**
   * Asks the wallet to switch. Success ends on Account; a failure shows the catalogue error
   * and goes back one view (SPEC §2).
   */
  async switchTo(caipNetworkId: string): Promise<boolean> {
    const connection = this.deps.connection
    this.setPending(caipNetworkId, false)
    try {
      const result = await connection.switchNetwork(caipNetworkId)
      this.setPending(undefined, false)
      if (result === 'needsConnection') this.deps.navigation.replace('Connect')
      else this.deps.navigation.showAccount()
      return result === 'switched'
    } catch (error) {
      this.setPending(undefined, true)
      this.deps.showError(toKitError(error))
      this.deps.navigation.back()
      return false
    }
  }

  /**
   * SwitchNetwork is showing `caipNetworkId`: asks the wallet unless a switch there is already
   * under way. Networks starts the switch itself; `kit.open({ namespace })` (SPEC §2 rule 1)
   * only opens the view, so the view starts it.
   */
  ensureSwitching(caipNetworkId: string): void {
    if (this.pending === caipNetworkId) return
    void this.switchTo(caipNetworkId)
  }

  /** SwitchActiveChain confirmed: the network becomes active and Connect opens for its namespace. */
  confirmActiveChain(caipNetworkId: string): void {
    void this.switchTo(caipNetworkId)
  }

  private setPending(pending: string | undefined, failed: boolean): void {
    this.pending = pending
    this.failed = failed
  }
}
