import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx'
import type { KitStorage } from '../../kernel/index.js'
import { safeImageUrl, shortAddress, toWebUrl } from '../../ui-shell/plugin.js'
import type { ConnectionStore } from '../../chains/connection/ConnectionStore.js'
import type { TokenBalance } from '../../chains/connection/AccountState.js'
import type { Network } from '../../chains/networks/Network.js'
import { formatBalance } from './format/formatBalance.js'
import { visibleTokens } from './format/visibleTokens.js'
import { TokenBalanceUnavailableError } from './errors/account.js'
import type { Identity } from './fetchIdentity.js'
import { parseTokenBalances } from './parseTokenBalances.js'
import type { StoreText } from '../../ui-shell/i18n/I18nStore.js'

/** SPEC §8/§9: after a failed balance read, no new read for 30 s. */
export const BALANCE_RETRY_GUARD_MS = 30_000

/** Where the store reads and caches; all I/O is injected so the store runs in Node tests. */
export interface AccountStoreDeps {
  connection: ConnectionStore
  fetchBalances(params: { address: string; caipNetworkId: string; forceUpdate: boolean }): Promise<TokenBalance[]>
  fetchIdentity(address: string): Promise<Identity>
  /** `ctx.storage`'s caches: balanceCache (30 s) and identityCache (5 min), defined by the plugin's setup. */
  cache: Pick<KitStorage, 'readCache' | 'writeCache'>
  showError(message: StoreText): void
  showSuccess?(message: StoreText): void
  /** The clipboard (the platform's in a browser). */
  copyText?(text: string): Promise<void>
  now?: () => number
}

/** Namespaces with a balance service (SPEC §9: balance and send are eip155 and solana). */
const BALANCE_NAMESPACES = new Set(['eip155', 'solana'])
/** SPEC §9: names (identity) are eip155 only. */
const IDENTITY_NAMESPACES = new Set(['eip155'])

/**
 * The connected account as the Account view shows it: short address, floored balance, name
 * and avatar, explorer link, token balances (cached 30 s, retry guarded 30 s) and the
 * selected tab (SPEC §3 `currentTab`; the tabs themselves are the shell's AccountTabs slot).
 */
export class AccountStore {
  balances: TokenBalance[] = []
  /** The account the balances belong to (`caipAddress`), so a switch never shows stale ones. */
  balancesFor: string | undefined = undefined
  isLoadingBalances = false
  identity: Identity | undefined = undefined
  identityFor: string | undefined = undefined
  /** The selected tab's id; the Account view falls back to the first tab when it is gone. */
  tab = 'tokens'
  private lastBalanceFailureAt: number | undefined = undefined

  constructor(private readonly deps: AccountStoreDeps) {
    makeObservable<AccountStore, 'lastBalanceFailureAt'>(this, {
      balances: observableRef,
      balancesFor: observable,
      isLoadingBalances: observable,
      identity: observableRef,
      identityFor: observable,
      tab: observable,
      lastBalanceFailureAt: observable,
      address: computed,
      caipAddress: computed,
      isUnsupportedNetwork: computed,
      shortAddress: computed,
      network: computed,
      balance: computed,
      balanceSymbol: computed,
      explorerUrl: computed,
      profileName: computed,
      avatarUrl: computed,
      tokens: computed,
      selectTab: action,
    })
  }

  private get now(): number {
    return (this.deps.now ?? Date.now)()
  }

  get address(): string | undefined {
    return this.deps.connection.address
  }

  get caipAddress(): string | undefined {
    return this.deps.connection.caipAddress
  }

  /** The wallet is on a chain the host does not list (SPEC §4). */
  get isUnsupportedNetwork(): boolean {
    return this.deps.connection.isUnsupportedNetwork === true
  }

  get shortAddress(): string | undefined {
    return this.address ? shortAddress(this.address) : undefined
  }

  get network(): Network | undefined {
    return this.deps.connection.activeNetwork
  }

  /** SPEC §5: the native balance floored to 3 decimals. */
  get balance(): string | undefined {
    return formatBalance(this.deps.connection.activeAccountState?.balance)
  }

  get balanceSymbol(): string | undefined {
    return this.deps.connection.activeAccountState?.balanceSymbol ?? this.network?.nativeCurrency.symbol
  }

  /** The explorer link, only when it is http(s): a hostile network config never gets a javascript: link. */
  get explorerUrl(): string | undefined {
    return toWebUrl(this.deps.connection.activeAccountState?.addressExplorerUrl)
  }

  get profileName(): string | undefined {
    return this.identityFor === this.address ? this.identity?.name : undefined
  }

  get avatarUrl(): string | undefined {
    return this.identityFor === this.address ? safeImageUrl(this.identity?.avatar) : undefined
  }

  /** The Tokens tab: this account's balances on the active network, 0-decimal tokens hidden. */
  get tokens(): TokenBalance[] {
    const caipAddress = this.deps.connection.caipAddress
    return caipAddress && this.balancesFor === caipAddress ? visibleTokens(this.balances) : []
  }

  selectTab(tab: string): void {
    this.tab = tab
  }

  /** Copies the full address and says so; a refused clipboard says that instead. */
  async copyAddress(): Promise<void> {
    const address = this.address
    if (!address || !this.deps.copyText) return
    try {
      await this.deps.copyText(address)
      this.deps.showSuccess?.('account.copied')
    } catch {
      this.deps.showError('account.copyFailed')
    }
  }

  /**
   * Loads the balances of the active account: from the 30 s cache when fresh, else from the
   * service. A failure (or a network without balances) shows 'Token Balance Unavailable' and
   * blocks new reads for 30 s (SPEC §8).
   *
   * @param options.force - skip the cache (after a send); the retry guard still holds
   */
  async loadBalances({ force = false }: { force?: boolean } = {}): Promise<void> {
    const connection = this.deps.connection
    const caipAddress = connection.caipAddress
    const address = connection.address
    const network = connection.activeNetwork
    if (!caipAddress || !address || !network) return
    if (this.lastBalanceFailureAt !== undefined && this.now - this.lastBalanceFailureAt < BALANCE_RETRY_GUARD_MS) return
    if (!force) {
      const cached = this.deps.cache.readCache('balanceCache', caipAddress)
      if (Array.isArray(cached)) {
        runInAction(() => {
          // Storage is the page's to corrupt: read back only well-formed balances.
          this.balances = parseTokenBalances(cached)
          this.balancesFor = caipAddress
        })
        return
      }
    }
    runInAction(() => (this.isLoadingBalances = true))
    try {
      if (!BALANCE_NAMESPACES.has(network.chainNamespace)) throw new TokenBalanceUnavailableError()
      const balances = await this.deps.fetchBalances({ address, caipNetworkId: network.caipNetworkId, forceUpdate: force })
      this.deps.cache.writeCache('balanceCache', caipAddress, balances)
      runInAction(() => {
        this.balances = balances
        this.balancesFor = caipAddress
        this.lastBalanceFailureAt = undefined
      })
      if (force) void connection.refreshBalance(network.chainNamespace, { force: true })
    } catch (error) {
      runInAction(() => (this.lastBalanceFailureAt = this.now))
      this.deps.showError(new TokenBalanceUnavailableError({ cause: error }))
    } finally {
      runInAction(() => (this.isLoadingBalances = false))
    }
  }

  /**
   * Loads the name and avatar of the active account (5 min cache); a failure shows none.
   *
   * @param options.force - skip the cache: the account has just registered a name (the names plugin)
   */
  async loadIdentity({ force = false }: { force?: boolean } = {}): Promise<void> {
    const connection = this.deps.connection
    const address = connection.address
    const namespace = connection.activeNamespace
    if (!address || !namespace || !IDENTITY_NAMESPACES.has(namespace)) return
    const cached = force ? undefined : (this.deps.cache.readCache('identityCache', address) as Identity | undefined)
    if (cached && typeof cached === 'object') {
      runInAction(() => {
        this.identity = { name: typeof cached.name === 'string' ? cached.name : undefined, avatar: typeof cached.avatar === 'string' ? cached.avatar : undefined }
        this.identityFor = address
      })
      return
    }
    try {
      const identity = await this.deps.fetchIdentity(address)
      this.deps.cache.writeCache('identityCache', address, identity)
      runInAction(() => {
        this.identity = identity
        this.identityFor = address
      })
    } catch {
      // No name is a normal state; the short address stands in.
    }
  }
}
