import { action, computed, makeObservable, observable, observableShallow, runInAction } from 'mobx'
import { toKitError, type KitError } from '../../../kernel/index.js'
import {
  WALLET_PAGE_SIZE,
  WALLET_SEARCH_ENTRIES,
  WALLET_SEARCH_MIN_DELAY_MS,
  type WalletListing,
  type WalletPage,
  type WalletQuery,
} from './WalletListing.js'

export interface WalletCatalogOptions {
  /** Fetches a page of `GET /getWallets`; injected so the store runs without a network. */
  fetchPage(query: WalletQuery, signal?: AbortSignal): Promise<WalletPage>
  /** Wallet ids the host excluded: never shown (SPEC §5). */
  exclude?: () => readonly string[]
  /** The host's networks (CAIP-2 ids): `chains`, so only wallets for them are listed (SPEC §7). */
  chains?: () => readonly string[]
  sleep?: (ms: number) => Promise<void>
}

/**
 * The AllWallets catalogue: pages of 40 loaded as the visitor scrolls, and a search of up
 * to 100 entries whose results show no sooner than 300 ms after the query (SPEC §9), so a
 * fast answer does not flash. A newer query always wins over an older answer.
 */
export class WalletCatalogStore {
  wallets: WalletListing[] = []
  count = 0
  isLoadingPage = false
  pageError: KitError | undefined = undefined
  query = ''
  results: WalletListing[] = []
  isSearching = false
  searchError: KitError | undefined = undefined
  private pagesLoaded = 0
  private searchRun = 0
  private readonly controller = new AbortController()

  constructor(private readonly options: WalletCatalogOptions) {
    makeObservable<WalletCatalogStore, 'pagesLoaded'>(this, {
      wallets: observableShallow,
      count: observable,
      isLoadingPage: observable,
      pageError: observable,
      query: observable,
      results: observableShallow,
      isSearching: observable,
      searchError: observable,
      pagesLoaded: observable,
      hasMore: computed,
      visible: computed,
      loadNextPage: action,
      search: action,
    })
  }

  /** More pages wait on the server. */
  get hasMore(): boolean {
    return this.pagesLoaded === 0 || this.wallets.length < this.count
  }

  /** What the list shows: search results while searching, else the pages loaded. */
  get visible(): readonly WalletListing[] {
    return this.query ? this.results : this.wallets
  }

  async loadNextPage(): Promise<void> {
    if (this.isLoadingPage || !this.hasMore) return
    this.isLoadingPage = true
    this.pageError = undefined
    try {
      const page = await this.options.fetchPage(this.queryFor({ page: this.pagesLoaded + 1, entries: WALLET_PAGE_SIZE }), this.controller.signal)
      runInAction(() => {
        const known = new Set(this.wallets.map((wallet) => wallet.id))
        this.wallets = [...this.wallets, ...this.allowed(page.data).filter((wallet) => !known.has(wallet.id))]
        this.count = page.count
        this.pagesLoaded += 1
      })
    } catch (error) {
      runInAction(() => (this.pageError = toKitError(error)))
    } finally {
      runInAction(() => (this.isLoadingPage = false))
    }
  }

  /** Searches the catalogue; an empty query goes back to the pages. */
  async search(query: string): Promise<void> {
    const run = ++this.searchRun
    this.query = query.trim()
    this.searchError = undefined
    if (!this.query) {
      this.results = []
      this.isSearching = false
      return
    }
    this.isSearching = true
    const sleep = this.options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
    try {
      const [page] = await Promise.all([
        this.options.fetchPage(this.queryFor({ page: 1, entries: WALLET_SEARCH_ENTRIES, search: this.query }), this.controller.signal),
        sleep(WALLET_SEARCH_MIN_DELAY_MS),
      ])
      if (run !== this.searchRun) return
      runInAction(() => (this.results = this.allowed(page.data)))
    } catch (error) {
      if (run === this.searchRun) runInAction(() => (this.searchError = toKitError(error)))
    } finally {
      if (run === this.searchRun) runInAction(() => (this.isSearching = false))
    }
  }

  dispose(): void {
    this.controller.abort()
  }

  private queryFor(base: Pick<WalletQuery, 'page' | 'entries' | 'search'>): WalletQuery {
    const exclude = this.options.exclude?.() ?? []
    const chains = this.options.chains?.() ?? []
    return { ...base, ...(exclude.length ? { exclude: [...exclude] } : {}), ...(chains.length ? { chains: [...chains] } : {}) }
  }

  /** The server filters `exclude` already; filtering again keeps a lax server from showing them. */
  private allowed(wallets: WalletListing[]): WalletListing[] {
    const excluded = new Set(this.options.exclude?.() ?? [])
    return wallets.filter((wallet) => !excluded.has(wallet.id))
  }
}
