import { action, makeObservable, observable } from 'mobx'
import type { ConnectionStore } from '../../../chains/connection/ConnectionStore.js'
import type { Network } from '../../../chains/networks/Network.js'
import { toKitError } from '../../../kernel/errors/base.js'

/** The modal's history, as far as a network switch moves it. */
export interface SwitchNavigation {
  push(view: string, data?: unknown): void
  replace(view: string, data?: unknown): void
  back(): void
  /** Ends on Account once the wallet switched. */
  showAccount(): void
}

export interface NetworkSwitchStoreDeps {
  connection(): ConnectionStore | undefined
  navigation: SwitchNavigation
  showError(message: string): void
}

/** What SwitchNetwork and SwitchActiveChain are opened with. */
export interface SwitchTarget {
  caipNetworkId: string
}

/**
 * Network switching as SPEC §2 routes it: within the connected namespace SwitchNetwork waits
 * for the wallet (a failure goes back one view); to a namespace not yet connected
 * SwitchActiveChain, then Connect.
 */
// Getters that read the connection store through `connection()` are plain getters, not
// computeds: that store may be provided after a getter is first read, and a computed with no
// observable dependency would never recompute. Observers still track what they read through them.
export class NetworkSwitchStore {
  /** The network the wallet is being asked to switch to. */
  pending: string | undefined = undefined
  /** The last switch failed: SwitchNetwork offers a retry. */
  failed = false

  constructor(private readonly deps: NetworkSwitchStoreDeps) {
    makeObservable<NetworkSwitchStore, 'setPending'>(this, {
      pending: observable,
      failed: observable,
      selectNetwork: action,
      confirmActiveChain: action,
      setPending: action,
    })
  }

  /** The host's networks, the active one first kept in the host's order. */
  get networks(): readonly Network[] {
    return this.deps.connection()?.networks ?? []
  }

  get activeCaipNetworkId(): string | undefined {
    return this.deps.connection()?.activeCaipNetworkId
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
    const connection = this.deps.connection()
    const network = this.networkOf(caipNetworkId)
    if (!connection || !network) return
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
    const connection = this.deps.connection()
    if (!connection) return false
    this.setPending(caipNetworkId, false)
    try {
      const result = await connection.switchNetwork(caipNetworkId)
      this.setPending(undefined, false)
      if (result === 'needsConnection') this.deps.navigation.replace('Connect')
      else this.deps.navigation.showAccount()
      return result === 'switched'
    } catch (error) {
      this.setPending(undefined, true)
      this.deps.showError(toKitError(error).shortMessage)
      this.deps.navigation.back()
      return false
    }
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
