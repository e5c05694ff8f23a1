import { action, computed, makeObservable, observable, observableRef, runInAction, when } from 'mobx'
import { withTimeout, type KitStorage } from '../../kernel/index.js'
import { ConnectionRecords, type Connection, type RecentWallet } from './ConnectionRecords.js'
import type { Account, AccountType, AdapterContext, AdapterEvent, AdapterSession, ChainAdapter } from '../adapter/ChainAdapter.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../caip/ChainNamespace.js'
import { parseCaipNetworkId } from '../caip/parseCaipNetworkId.js'
import { isMultiChainConnector, type AnyConnector, type ChainConnector } from '../connectors/ChainConnector.js'
import { WALLET_CONNECT_ID } from '../walletconnect/walletConnectId.js'
import { AUTH_CONNECTOR_ID } from '../connectors/AuthConnector.js'
import {
  AdapterNotFoundError,
  ChainAdapterNotFoundError,
  BalanceUnavailableError,
  CaipNetworkOrAddressUndefinedError,
  DisconnectTimeoutError,
  WalletConnectConnectorNotFoundError,
  ChainNotSupportedError,
  UnsupportedChainError,
} from '../errors/chain.js'
import {
  FailedToDisconnectChainError,
  FailedToDisconnectError,
  InvalidConnectionStatusError,
  NoConnectorForConnectionError,
} from '../errors/connection.js'
import { toConnectionError } from '../errors/toConnectionError.js'
import type { Network } from '../networks/Network.js'
import { emptyAccountState, type AccountState, type ConnectionStatus } from './AccountState.js'
import type { ConnectionEmit } from './ConnectionEvents.js'

/** SPEC §9: disconnect resolves within 3 s. */
export const DISCONNECT_TIMEOUT_MS = 3_000
/** How long a restore waits for a saved wallet to announce itself before giving up. */
export const CONNECTOR_WAIT_MS = 500
/** SPEC §5: at most two recent wallets. */
export const MAX_RECENT_WALLETS = 2

export type { Connection, RecentWallet } from './ConnectionRecords.js'

/** How a switch to a connection proceeds (SPEC §4). */
export type SwitchClass = 'connected' | 'active' | 'disconnected'

export interface ConnectionStoreDeps {
  storage: KitStorage
  networks: readonly Network[]
  findConnector(id: string, namespace?: ChainNamespace): AnyConnector | undefined
  rpcUrls(network: Network): string[]
  emit: ConnectionEmit
  disconnectTimeoutMs?: number
  connectorWaitMs?: number
  /**
   * Resolves once every plugin has loaded (the kit is ready): a saved embedded-wallet
   * connection waits until then for its connector, which a later plugin registers.
   */
  pluginsLoaded?: () => Promise<unknown>
  /** Whether some chain plugin can connect this namespace (a source or connector for it); all can when absent. */
  servesNamespace?(namespace: ChainNamespace): boolean
}

interface LiveAdapter {
  adapter: ChainAdapter
  connector: ChainConnector
  off: () => void
}

/**
 * The wallet connections of one kit: per-namespace status and account state, the active
 * network, connections, recent wallets; and the actions the modal calls. I/O goes through
 * the connectors' adapters, so the store runs in Node tests against real wallets.
 */
export class ConnectionStore {
  networks: readonly Network[]
  activeNamespace: ChainNamespace | undefined = undefined
  activeCaipNetworkId: CaipNetworkId | undefined = undefined
  readonly accountStates = observable.map<ChainNamespace, AccountState>()
  readonly connections = observable.map<ChainNamespace, Connection[]>()
  recentWallets: RecentWallet[] = []
  /** The wallet is on a chain the host did not list (SPEC §4). */
  isUnsupportedNetwork = false
  /** A namespace switch is under way (SPEC §4). */
  isSwitchingNamespace = false

  private readonly live = new Map<ChainNamespace, LiveAdapter>()
  private readonly cancellers = new Set<(error: Error) => void>()
  private readonly context: AdapterContext
  private readonly records: ConnectionRecords

  constructor(private readonly deps: ConnectionStoreDeps) {
    this.networks = deps.networks
    this.context = { networks: deps.networks, rpcUrls: deps.rpcUrls }
    this.records = new ConnectionRecords(deps.storage)
    makeObservable<ConnectionStore, 'setAccountState' | 'resetNamespace' | 'applySession' | 'onAdapterEvent'>(this, {
      networks: observableRef,
      activeNamespace: observable,
      activeCaipNetworkId: observable,
      recentWallets: observableRef,
      isUnsupportedNetwork: observable,
      isSwitchingNamespace: observable,
      activeNetwork: computed,
      activeAccountState: computed,
      address: computed,
      caipAddress: computed,
      status: computed,
      isConnected: computed,
      connectedNamespaces: computed,
      setActiveNetwork: action,
      setCurrentTab: action,
      setPreferredAccountType: action,
      switchAccount: action,
      setAccountState: action,
      resetNamespace: action,
      applySession: action,
      onAdapterEvent: action,
    })
    this.restoreFromStorage()
  }

  // ─── Derived state ────────────────────────────────────────────────────────

  get activeNetwork(): Network | undefined {
    return this.networks.find((n) => n.caipNetworkId === this.activeCaipNetworkId)
  }

  get activeAccountState(): AccountState | undefined {
    return this.activeNamespace ? this.accountStates.get(this.activeNamespace) : undefined
  }

  get address(): string | undefined {
    return this.activeAccountState?.address
  }

  get caipAddress(): CaipAddress | undefined {
    return this.activeAccountState?.caipAddress
  }

  /** The active namespace's status. */
  get status(): ConnectionStatus {
    return this.activeAccountState?.status ?? 'disconnected'
  }

  get isConnected(): boolean {
    return this.status === 'connected'
  }

  get connectedNamespaces(): ChainNamespace[] {
    return [...this.accountStates].filter(([, state]) => state.status === 'connected').map(([ns]) => ns)
  }

  /** A namespace's status. */
  statusOf(namespace: ChainNamespace): ConnectionStatus {
    return this.accountStates.get(namespace)?.status ?? 'disconnected'
  }

  /** The live adapter of a namespace, for namespace-specific calls (typed data, sendCalls). */
  getAdapter(namespace: ChainNamespace): ChainAdapter | undefined {
    return this.live.get(namespace)?.adapter
  }

  // ─── Connect ──────────────────────────────────────────────────────────────

  /**
   * Connects a wallet. A MULTI_CHAIN connector connects each of its namespaces.
   *
   * @param connectorId - a registered connector's id
   * @param options - the namespace (when an id is shared), the network to land on, and the
   *   wallet the visitor picked when the connector is not that wallet (a catalogue wallet paired
   *   over WalletConnect): that wallet is the one remembered as recent
   * @returns the CAIP-10 address now active
   * @throws ConnectionRejectedError 'Connection rejected' when the wallet refuses (4001),
   *   FailedToConnectError, NoConnectorForConnectionError
   */
  async connect(
    connectorId: string,
    options: { namespace?: ChainNamespace; caipNetworkId?: CaipNetworkId; wallet?: RecentWallet } = {},
  ): Promise<CaipAddress> {
    const connector = this.deps.findConnector(connectorId, options.namespace)
    if (!connector && connectorId === WALLET_CONNECT_ID) throw new WalletConnectConnectorNotFoundError()
    if (!connector) throw new NoConnectorForConnectionError({ connectorId })
    const targets = isMultiChainConnector(connector) ? connector.connectors : [connector]
    let last: CaipAddress | undefined
    for (const target of targets) {
      last = await this.connectOne(target, { caipNetworkId: options.caipNetworkId, silent: false })
    }
    this.addRecentWallet(options.wallet ?? { id: connector.id, name: connector.name, rdns: connector.info?.rdns })
    return last!
  }

  /**
   * Restores the saved connections at start-up (SPEC §4). A wallet that is gone or refuses
   * ends disconnected; nothing is thrown at the host.
   *
   * @returns `done` once every restore ended; `settled` once each has ended except the embedded
   * wallet's (what the connectors plugin's setup waits for: that wallet's plugin loads after it)
   */
  reconnect(): { settled: Promise<void>; done: Promise<void> } {
    const saved = this.records.connectorIds()
    const settles: Promise<void>[] = []
    const done = Promise.all(
      Object.entries(saved).map(async ([ns, connectorId]) => {
        const namespace = ns as ChainNamespace
        let settle!: () => void
        settles.push(new Promise<void>((resolve) => (settle = resolve)))
        this.setAccountState(namespace, { status: 'reconnecting' })
        try {
          // The embedded wallet's connector comes with a plugin that loads after this one: its
          // restore must not hold up the plugins, including that one.
          if (connectorId === AUTH_CONNECTOR_ID) settle()
          await this.waitForConnector(connectorId, namespace)
          const connector = this.deps.findConnector(connectorId, namespace)
          const single = connector && !isMultiChainConnector(connector) ? connector : undefined
          if (!single || single.isAvailable?.() === false) throw new NoConnectorForConnectionError({ connectorId })
          const network = this.activeNetwork?.chainNamespace === namespace ? this.activeCaipNetworkId : undefined
          await this.connectOne(single, { caipNetworkId: network, silent: true })
        } catch {
          this.forget(namespace, connectorId)
          this.resetNamespace(namespace)
        } finally {
          settle()
        }
      }),
    ).then(() => {})
    return { settled: Promise.all(settles).then(() => {}), done }
  }

  /**
   * A wallet may announce itself a moment after the page starts the kit; the embedded wallet's
   * connector is registered once the plugins have loaded.
   */
  private async waitForConnector(connectorId: string, namespace: ChainNamespace): Promise<void> {
    if (this.deps.findConnector(connectorId, namespace)) return
    const found = when(() => this.deps.findConnector(connectorId, namespace) !== undefined)
    const waitMs = this.deps.connectorWaitMs ?? CONNECTOR_WAIT_MS
    const start = connectorId === AUTH_CONNECTOR_ID ? (this.deps.pluginsLoaded?.() ?? Promise.resolve()).catch(() => {}) : Promise.resolve()
    const deadline = start.then(() => new Promise<void>((resolve) => setTimeout(resolve, waitMs)))
    await Promise.race([found, deadline])
    found.cancel()
  }

  private async connectOne(
    connector: ChainConnector,
    { caipNetworkId, silent }: { caipNetworkId?: CaipNetworkId; silent: boolean },
  ): Promise<CaipAddress> {
    const namespace = connector.chain
    const network = this.networkFor(namespace, caipNetworkId)
    if (!silent) this.setAccountState(namespace, { status: 'connecting' })
    let adapter: ChainAdapter | undefined
    const cancelled = new Promise<never>((_, reject) => this.cancellers.add(reject))
    cancelled.catch(() => {})
    const cancel = [...this.cancellers].at(-1)!
    try {
      adapter = await Promise.race([connector.createAdapter(this.context), cancelled])
      const session = await Promise.race([adapter.connect({ network, silent }), cancelled])
      return this.applySession(namespace, connector, adapter, session, silent)
    } catch (error) {
      adapter?.dispose()
      // A failed connect leaves a previous live connection of the namespace as it was.
      if (this.live.has(namespace)) this.setAccountState(namespace, { status: 'connected' })
      else this.resetNamespace(namespace)
      throw toConnectionError(error)
    } finally {
      this.cancellers.delete(cancel)
    }
  }

  /**
   * Rejects every connect under way, e.g. with 'Modal closed' when the visitor closes the
   * modal (SPEC §4: connect promises reject when the modal closes). A wallet that answers
   * later is ignored.
   *
   * @param error - what the pending connects reject with
   */
  cancelPendingConnects(error: Error): void {
    for (const reject of [...this.cancellers]) reject(error)
    this.cancellers.clear()
  }

  private applySession(
    namespace: ChainNamespace,
    connector: ChainConnector,
    adapter: ChainAdapter,
    { accounts, caipNetworkId, wallet }: AdapterSession,
    restored: boolean,
  ): CaipAddress {
    const previous = this.live.get(namespace)
    if (previous && previous.adapter !== adapter) {
      previous.off()
      previous.adapter.dispose()
    }
    const off = adapter.onEvent((event) => this.onAdapterEvent(namespace, adapter, event))
    this.live.set(namespace, { adapter, connector, off })
    const address = accounts[0]!.address
    const caipAddress = `${caipNetworkId}:${address}` as CaipAddress
    this.setAccountState(namespace, {
      status: 'connected',
      address,
      caipAddress,
      allAccounts: accounts,
      addressExplorerUrl: this.explorerUrl(caipNetworkId, address),
      connectedWalletInfo: {
        id: connector.id,
        // WalletConnect names the wallet on the other end; the connector would say "WalletConnect".
        name: wallet?.name || connector.name,
        type: connector.type,
        icon: wallet?.icon ?? connector.imageUrl ?? connector.info?.icon,
        rdns: connector.info?.rdns,
      },
    })
    if (!this.activeNamespace || !restored || this.activeNamespace === namespace) {
      this.activeNamespace = namespace
      this.activeCaipNetworkId = caipNetworkId
    }
    this.isUnsupportedNetwork = !this.networks.some((n) => n.caipNetworkId === caipNetworkId)
    this.saveConnection(namespace, connector.id, accounts)
    this.deps.emit('wallet:connected', { namespace, connectorId: connector.id, caipAddress, restored })
    void this.refreshBalance(namespace)
    return caipAddress
  }

  // ─── Disconnect ───────────────────────────────────────────────────────────

  /**
   * Disconnects one namespace, or all. State is cleared and the promise settles within
   * 3 s even when a wallet never answers (SPEC §4).
   *
   * @param namespace - omit for all
   * @throws FailedToDisconnectChainError 'Failed to disconnect chain X' or
   *   FailedToDisconnectError 'Failed to disconnect' when a wallet threw
   */
  async disconnect(namespace?: ChainNamespace): Promise<void> {
    const targets = namespace ? [namespace] : [...new Set([...this.live.keys(), ...this.connectedNamespaces])]
    const failures: Array<{ namespace: ChainNamespace; error: unknown }> = []
    await Promise.all(
      targets.map(async (ns) => {
        const live = this.live.get(ns)
        const connectorId = live?.connector.id ?? this.accountStates.get(ns)?.connectedWalletInfo?.id
        const wasConnected = live !== undefined || this.statusOf(ns) !== 'disconnected'
        const timedOut = new DisconnectTimeoutError({ namespace: ns })
        try {
          // A wallet that never answers does not hold the visitor: past 3 s the kit lets go.
          if (live) {
            await withTimeout(live.adapter.disconnect(), this.deps.disconnectTimeoutMs ?? DISCONNECT_TIMEOUT_MS, () => timedOut).catch((error: unknown) => {
              if (error !== timedOut) throw error
            })
          }
        } catch (error) {
          failures.push({ namespace: ns, error })
        } finally {
          this.drop(ns)
          if (connectorId) this.forget(ns, connectorId, true)
          this.resetNamespace(ns)
          if (wasConnected) this.deps.emit('wallet:disconnected', { namespace: ns, connectorId })
        }
      }),
    )
    if (failures.length === 0) return
    if (namespace) throw new FailedToDisconnectChainError({ namespace, cause: failures[0]!.error })
    throw new FailedToDisconnectError({ cause: failures[0]!.error })
  }

  // ─── Networks and accounts ────────────────────────────────────────────────

  /**
   * Switches the active network. Within the connected namespace the wallet switches (adding
   * the chain when it does not know it); to another namespace the kit switches if connected
   * there, else reports that a connection is needed.
   *
   * @param caipNetworkId - a network the host listed
   * @returns 'switched', or 'needsConnection' when the target namespace is not connected
   * @throws InvalidCaipNetworkIdError, ChainNotSupportedError 'Chain is not supported',
   *   NetworkSwitchDeclinedError 'Switch declined' when the visitor refuses in the wallet,
   *   ChainAdapterNotFoundError 'Chain adapter not found' when no chain plugin serves its namespace
   */
  async switchNetwork(caipNetworkId: CaipNetworkId | string): Promise<'switched' | 'needsConnection'> {
    const { namespace } = parseCaipNetworkId(caipNetworkId)
    const network = this.networks.find((n) => n.caipNetworkId === caipNetworkId)
    if (!network) {
      runInAction(() => (this.isUnsupportedNetwork = true))
      throw new ChainNotSupportedError({ caipNetworkId })
    }
    const live = this.live.get(namespace)
    if (!live) {
      // SPEC §8: a listed network no chain plugin serves could never connect.
      if (this.deps.servesNamespace?.(namespace) === false) throw new ChainAdapterNotFoundError({ namespace })
      this.setActiveNetwork(network)
      return 'needsConnection'
    }
    runInAction(() => (this.isSwitchingNamespace = namespace !== this.activeNamespace))
    try {
      const onTarget = () => this.accountStates.get(namespace)?.caipAddress?.startsWith(`${caipNetworkId}:`) === true
      // A wallet that reports chainChanged during the switch has had 'network:changed' emitted
      // for it already (onAdapterEvent): one switch, one event.
      let reportedByWallet = false
      if (!onTarget()) {
        await live.adapter.switchNetwork(network)
        reportedByWallet = onTarget()
      }
      this.setActiveNetwork(network)
      const address = this.accountStates.get(namespace)?.address
      if (address) {
        const caipAddress = `${network.caipNetworkId}:${address}` as CaipAddress
        this.setAccountState(namespace, { caipAddress, addressExplorerUrl: this.explorerUrl(network.caipNetworkId, address) })
      }
      if (!reportedByWallet) this.deps.emit('network:changed', { namespace, caipNetworkId: network.caipNetworkId })
      void this.refreshBalance(namespace)
      return 'switched'
    } finally {
      runInAction(() => (this.isSwitchingNamespace = false))
    }
  }

  /** Makes a listed network active without asking a wallet. */
  setActiveNetwork(network: Network): void {
    this.activeNamespace = network.chainNamespace
    this.activeCaipNetworkId = network.caipNetworkId
    this.isUnsupportedNetwork = false
    this.records.saveActiveNetwork(network)
  }

  /**
   * Classifies a switch to a saved connection (SPEC §4): 'connected' for the active
   * connector, 'active' for a known one that is not current, 'disconnected' for one that
   * needs a fresh connection (WalletConnect, email, social).
   *
   * @throws NoConnectorForConnectionError, InvalidConnectionStatusError
   */
  classifySwitch(connection: Connection, namespace: ChainNamespace): SwitchClass {
    const connector = this.deps.findConnector(connection.connectorId, namespace)
    if (!connector) throw new NoConnectorForConnectionError({ connectorId: connection.connectorId })
    if (this.live.get(namespace)?.connector.id === connection.connectorId) return 'connected'
    if (connector.type === 'WALLET_CONNECT' || connector.type === 'AUTH') return 'disconnected'
    if (['INJECTED', 'ANNOUNCED', 'EXTERNAL', 'MULTI_CHAIN'].includes(connector.type)) return 'active'
    throw new InvalidConnectionStatusError()
  }

  /**
   * Switches to a saved connection, classified by `classifySwitch`.
   *
   * @param params - the connection, its namespace, and the address to make active
   */
  async switchConnection({ connection, namespace, address }: { connection: Connection; namespace: ChainNamespace; address?: string }): Promise<void> {
    const kind = this.classifySwitch(connection, namespace)
    if (kind !== 'connected') await this.connect(connection.connectorId, { namespace })
    if (address) this.switchAccount(namespace, address)
  }

  /**
   * Makes another granted account active. Bitcoin needs an address and takes payment
   * accounts only (SPEC §5).
   */
  switchAccount(namespace: ChainNamespace, address: string): void {
    const state = this.accountStates.get(namespace)
    const account = state?.allAccounts.find((a) => a.address === address)
    if (!state || !account || !state.caipAddress) throw new CaipNetworkOrAddressUndefinedError()
    if (namespace === 'bip122' && account.type !== 'payment') throw new CaipNetworkOrAddressUndefinedError()
    const caipNetworkId = state.caipAddress.split(':').slice(0, 2).join(':') as CaipNetworkId
    this.setAccountState(namespace, { address, caipAddress: `${caipNetworkId}:${address}` as CaipAddress })
    this.deps.emit('wallet:accountChanged', { namespace, caipAddress: `${caipNetworkId}:${address}` as CaipAddress })
  }

  setCurrentTab(namespace: ChainNamespace, tab: number): void {
    this.setAccountState(namespace, { currentTab: tab })
  }

  /**
   * Sets a namespace's preferred account type (SPEC §4) and keeps it for the next visit.
   *
   * @param namespace - the chain namespace
   * @param type - eoa, smartAccount, payment or ordinal
   */
  setPreferredAccountType(namespace: ChainNamespace, type: AccountType): void {
    const current = this.accountStates.get(namespace)?.preferredAccountTypes ?? {}
    this.setAccountState(namespace, { preferredAccountTypes: { ...current, [namespace]: type } })
    this.records.savePreferredAccountType(namespace, type)
  }

  // ─── Requests ─────────────────────────────────────────────────────────────

  /**
   * Signs a message with the active (or given) namespace's account.
   *
   * @throws CaipNetworkOrAddressUndefinedError, SignatureDeclinedError 'Signature declined'
   */
  async signMessage(message: string, namespace = this.activeNamespace): Promise<string> {
    const { live, address } = this.requireConnected(namespace)
    return live.adapter.signMessage({ address, message })
  }

  /**
   * Sends native coin or a token from the active account; eip155 and solana only (SPEC §5).
   *
   * @returns the transaction hash or signature
   * @throws UnsupportedChainError 'Unsupported chain', SignatureDeclinedError
   */
  async sendTransaction(params: { to: string; amount: bigint; token?: { address: string; decimals?: number }; namespace?: ChainNamespace }): Promise<string> {
    const { live, address, namespace } = this.requireConnected(params.namespace ?? this.activeNamespace)
    if ((namespace !== 'eip155' && namespace !== 'solana') || !live.adapter.sendTransaction) throw new UnsupportedChainError({ namespace })
    const network = this.networkFor(namespace, this.caipNetworkIdOf(namespace))
    if (!network) throw new CaipNetworkOrAddressUndefinedError()
    const hash = await live.adapter.sendTransaction({ network, from: address, to: params.to, amount: params.amount, token: params.token })
    void this.refreshBalance(namespace, { force: true })
    return hash
  }

  /**
   * Reads the native balance of a namespace's account: one read in the last 30 s is reused
   * (SPEC §9), unless `force`. Failures leave it unchanged.
   *
   * @param options.throwOnFailure - for a re-read someone asked for (the host): a failure
   *   rejects with BalanceUnavailableError instead of passing silently
   * @param options.force - read the chain even within 30 s: funds moved, or someone asked
   */
  async refreshBalance(
    namespace: ChainNamespace,
    { throwOnFailure = false, force = false }: { throwOnFailure?: boolean; force?: boolean } = {},
  ): Promise<void> {
    const live = this.live.get(namespace)
    const state = this.accountStates.get(namespace)
    const network = this.networkFor(namespace, this.caipNetworkIdOf(namespace))
    if (!live || !state?.address || !network || (namespace !== 'eip155' && namespace !== 'solana')) return
    const caipAddress = `${network.caipNetworkId}:${state.address}`
    // SPEC §9: a read of the last 30 s serves connects, reloads and switches; a move of funds forces a new one.
    const cached = force ? undefined : this.records.nativeBalance(caipAddress)
    if (cached) return this.setAccountState(namespace, { balance: cached.formatted, balanceSymbol: cached.symbol })
    try {
      const balance = await live.adapter.getBalance({ address: state.address, network })
      if (this.live.get(namespace)?.adapter !== live.adapter) return
      this.records.saveNativeBalance(caipAddress, balance)
      this.setAccountState(namespace, { balance: balance.formatted, balanceSymbol: balance.symbol })
    } catch (error) {
      // SPEC §8 'Token Balance Unavailable' is the balance plugin's snackbar; here we keep the old
      // value, and tell only a caller who asked (the kit's own re-reads must not reject unheard).
      if (throwOnFailure) throw new BalanceUnavailableError({ caipNetworkId: network.caipNetworkId, cause: error })
    }
  }

  /**
   * Follows what another tab of the page saved (its `storage` event): a connection made there
   * is restored here silently, as at start-up; one ended there ends here (that tab told the
   * wallet); a network switched there is this tab's active network too. Never asks the wallet
   * for anything; never throws.
   */
  async followOtherTab(): Promise<void> {
    const saved = this.records.connectorIds()
    for (const [namespace, live] of [...this.live]) {
      if (saved[namespace] === live.connector.id) continue
      this.drop(namespace)
      this.resetNamespace(namespace)
      this.deps.emit('wallet:disconnected', { namespace, connectorId: live.connector.id })
    }
    const active = this.records.activeCaipNetworkId()
    const network = this.networks.find((n) => n.caipNetworkId === active)
    const live = network && this.live.get(network.chainNamespace)
    if (network && live && this.caipNetworkIdOf(network.chainNamespace) !== network.caipNetworkId) {
      if (this.activeNamespace !== network.chainNamespace) this.setActiveNetwork(network)
      this.onAdapterEvent(network.chainNamespace, live.adapter, { type: 'chainChanged', caipNetworkId: network.caipNetworkId })
    } else if (network && !live && this.live.size === 0) this.setActiveNetwork(network)
    await Promise.all(
      Object.entries(saved).map(async ([ns, connectorId]) => {
        const namespace = ns as ChainNamespace
        const connector = this.live.has(namespace) ? undefined : this.deps.findConnector(connectorId, namespace)
        if (!connector || isMultiChainConnector(connector)) return
        const caipNetworkId = network?.chainNamespace === namespace ? network.caipNetworkId : undefined
        await this.connectOne(connector, { caipNetworkId, silent: true }).catch(() => this.resetNamespace(namespace))
      }),
    )
  }

  /** Releases adapters and listeners; wallets stay connected for the next page load. */
  dispose(): void {
    for (const ns of [...this.live.keys()]) this.drop(ns)
  }

  // ─── Internals ────────────────────────────────────────────────────────────

  private onAdapterEvent(namespace: ChainNamespace, adapter: ChainAdapter, event: AdapterEvent): void {
    if (this.live.get(namespace)?.adapter !== adapter) return
    const state = this.accountStates.get(namespace)
    if (event.type === 'disconnect') {
      const connectorId = this.live.get(namespace)?.connector.id
      this.drop(namespace)
      if (connectorId) this.forget(namespace, connectorId, true)
      this.resetNamespace(namespace)
      this.deps.emit('wallet:disconnected', { namespace, connectorId })
      return
    }
    if (!state?.caipAddress) return
    if (event.type === 'accountsChanged') {
      const caipNetworkId = this.caipNetworkIdOf(namespace)!
      const address = event.accounts[0]!.address
      const caipAddress = `${caipNetworkId}:${address}` as CaipAddress
      this.setAccountState(namespace, { allAccounts: event.accounts, address, caipAddress, balance: undefined })
      this.saveConnection(namespace, this.live.get(namespace)!.connector.id, event.accounts)
      this.deps.emit('wallet:accountChanged', { namespace, caipAddress })
      void this.refreshBalance(namespace)
      return
    }
    const caipAddress = `${event.caipNetworkId}:${state.address}` as CaipAddress
    this.setAccountState(namespace, { caipAddress, balance: undefined })
    if (this.activeNamespace === namespace) {
      this.activeCaipNetworkId = event.caipNetworkId
      this.isUnsupportedNetwork = !this.networks.some((n) => n.caipNetworkId === event.caipNetworkId)
      this.records.saveActiveCaipNetworkId(event.caipNetworkId)
    }
    this.deps.emit('network:changed', { namespace, caipNetworkId: event.caipNetworkId })
    void this.refreshBalance(namespace)
  }

  private setAccountState(namespace: ChainNamespace, patch: Partial<AccountState>): void {
    const current = this.accountStates.get(namespace) ?? this.freshAccountState(namespace)
    this.accountStates.set(namespace, { ...current, ...patch })
    if (namespace === this.activeNamespace && patch.status) this.records.saveStatus(patch.status)
  }

  private resetNamespace(namespace: ChainNamespace): void {
    this.accountStates.set(namespace, this.freshAccountState(namespace))
    if (namespace === this.activeNamespace) this.records.saveStatus('disconnected')
  }

  /** An empty state that keeps the visitor's stored account-type preference. */
  private freshAccountState(namespace: ChainNamespace): AccountState {
    const state = emptyAccountState(namespace)
    const stored = this.records.preferredAccountType(namespace)
    if (stored) state.preferredAccountTypes = { [namespace]: stored }
    return state
  }

  private drop(namespace: ChainNamespace): void {
    const live = this.live.get(namespace)
    if (!live) return
    this.live.delete(namespace)
    live.off()
    live.adapter.dispose()
  }

  private requireConnected(namespace: ChainNamespace | undefined) {
    const live = namespace ? this.live.get(namespace) : undefined
    const address = namespace ? this.accountStates.get(namespace)?.address : undefined
    if (!namespace || !address) throw new CaipNetworkOrAddressUndefinedError()
    if (!live) throw new AdapterNotFoundError({ namespace })
    return { live, address, namespace }
  }

  private caipNetworkIdOf(namespace: ChainNamespace): CaipNetworkId | undefined {
    const caipAddress = this.accountStates.get(namespace)?.caipAddress
    return caipAddress ? (caipAddress.split(':').slice(0, 2).join(':') as CaipNetworkId) : undefined
  }

  private networkFor(namespace: ChainNamespace, caipNetworkId?: string): Network | undefined {
    return (
      this.networks.find((n) => n.caipNetworkId === caipNetworkId && n.chainNamespace === namespace) ??
      (this.activeNetwork?.chainNamespace === namespace ? this.activeNetwork : undefined) ??
      this.networks.find((n) => n.chainNamespace === namespace)
    )
  }

  private explorerUrl(caipNetworkId: string, address: string): string | undefined {
    const base = this.networks.find((n) => n.caipNetworkId === caipNetworkId)?.blockExplorers?.default.url
    return base ? `${base.replace(/\/$/, '')}/address/${address}` : undefined
  }

  private saveConnection(namespace: ChainNamespace, connectorId: string, accounts: Account[]): void {
    const active = { namespace: this.activeNamespace, caipNetworkId: this.activeCaipNetworkId }
    const list = this.records.saveConnected(namespace, connectorId, accounts, active)
    runInAction(() => this.connections.set(namespace, list))
  }

  /**
   * Sets what a connector knows beyond the adapter (SPEC §3 account state): the embedded wallet's
   * user, social provider, smart-account deployment and address labels; a Farcaster login's link.
   */
  patchAccountDetails(namespace: ChainNamespace, patch: Partial<Pick<AccountState, 'user' | 'socialProvider' | 'smartAccountDeployed' | 'addressLabels' | 'farcasterUrl'>>): void {
    runInAction(() => this.setAccountState(namespace, patch))
  }

  /** Names who is logged in through a saved connection (Connection.auth); undefined forgets it. */
  saveConnectionAuth(namespace: ChainNamespace, connectorId: string, auth: { name?: string; username?: string } | undefined): void {
    const list = this.records.saveAuth(namespace, connectorId, auth)
    if (list) runInAction(() => this.connections.set(namespace, list))
  }

  private forget(namespace: ChainNamespace, connectorId: string, byUser = false): void {
    this.records.forget(namespace, connectorId, byUser)
  }

  private addRecentWallet(wallet: RecentWallet): void {
    const next = [wallet, ...this.recentWallets.filter((w) => w.id !== wallet.id)].slice(0, MAX_RECENT_WALLETS)
    runInAction(() => (this.recentWallets = next))
    this.records.saveRecentWallets(next)
  }

  private restoreFromStorage(): void {
    const recent = this.records.recentWallets()
    const connections = this.records.connections()
    const active = this.records.activeCaipNetworkId()
    runInAction(() => {
      if (recent) this.recentWallets = recent
      for (const [ns, list] of Object.entries(connections)) if (list) this.connections.set(ns as ChainNamespace, list)
      const network = this.networks.find((n) => n.caipNetworkId === active) ?? this.networks[0]
      if (network) {
        this.activeNamespace = network.chainNamespace
        this.activeCaipNetworkId = network.caipNetworkId
      }
    })
  }
}
