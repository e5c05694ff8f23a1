import { computed, makeObservable, observable, observableRef, runInAction } from 'mobx'
import type { ConnectionStore } from '../../chains/connection/ConnectionStore.js'
import type { HistoryEntry, HistoryPage } from './fetchHistoryPage.js'
import type { StoreText } from '../../ui-shell/i18n/I18nStore.js'

export interface ActivityStoreDeps {
  connection: ConnectionStore
  /** One page of the history route; absent without a blockchain service (then the tab stays empty, silently). */
  fetchPage?(params: { address: string; caipNetworkId: string; cursor?: string }): Promise<HistoryPage>
  /** The account's on-ramp purchases on that chain (history with `onramp`), newest first. */
  fetchPurchases?(params: { address: string; caipNetworkId: string }): Promise<HistoryEntry[]>
  showError(message: StoreText): void
  /** The analytics event of a failed read (AppKit's `ERROR_FETCH_TRANSACTIONS`). */
  reportFailure(properties: { address: string; cursor: string | undefined }): void
}

/** SPEC §9 has history on eip155 only; issue 13 adds Solana (the reference backend indexes its cluster). */
const HISTORY_NAMESPACES = new Set(['eip155', 'solana'])

const minedAt = (entry: HistoryEntry) => entry.metadata.minedAt ?? ''

/** SPEC §9: at most this many pending transactions (purchases not paid on chain yet) are listed, newest first. */
export const PENDING_TRANSACTIONS_LIMIT = 99

/**
 * The active account's transactions on the active chain, read a page at a time as the visitor
 * scrolls (`loadMore`), with its on-ramp purchases merged in by time. A failed read shows
 * 'Failed to fetch transactions' once, reports the error event and marks the list empty
 * (SPEC §8); no further page is asked for until the next `load`.
 */
export class ActivityStore {
  private transactions: HistoryEntry[] = []
  private purchases: HistoryEntry[] = []
  /** The account the list belongs to (`caipAddress`, so per chain), so a switch never shows stale rows. */
  private listFor: string | undefined = undefined
  /** The cursor of the next page; `null` once the last page is in (or after a failure). */
  private next: string | null = null
  isLoading = false
  /** Bumped by every `load`: an answer for an older one is dropped. */
  private generation = 0

  constructor(private readonly deps: ActivityStoreDeps) {
    makeObservable<ActivityStore, 'transactions' | 'purchases' | 'listFor' | 'next'>(this, {
      transactions: observableRef,
      purchases: observableRef,
      listFor: observable,
      next: observable,
      isLoading: observable,
      current: computed,
      hasMore: computed,
    })
  }

  /**
   * The rows to show, newest first: the loaded transactions, a paid purchase in place of the
   * transfer that paid it, and unpaid purchases no older than the oldest loaded transaction
   * (older ones arrive with the pages that reach their time).
   */
  get current(): HistoryEntry[] {
    if (this.listFor !== this.deps.connection.caipAddress) return []
    const last = this.transactions.at(-1)
    const oldest = this.next === null ? '' : last ? minedAt(last) : '\uffff'
    // A paid purchase is also the provider's transfer on chain: the purchase row takes its place
    // (and its block's time: the chain's clock, not the order's).
    const byHash = new Map(this.purchases.filter((entry) => entry.metadata.hash).map((entry) => [entry.metadata.hash, entry]))
    const placed = new Set<HistoryEntry>()
    const transactions = this.transactions.map((entry) => {
      const purchase = byHash.get(entry.id)
      if (!purchase) return entry
      placed.add(purchase)
      return { ...purchase, metadata: { ...purchase.metadata, minedAt: entry.metadata.minedAt } }
    })
    const waiting = this.purchases
      .filter((entry) => !placed.has(entry) && minedAt(entry) >= oldest)
      .sort((a, b) => (minedAt(a) < minedAt(b) ? 1 : minedAt(a) > minedAt(b) ? -1 : 0))
      .slice(0, PENDING_TRANSACTIONS_LIMIT)
    return [...transactions, ...waiting].sort((a, b) => (minedAt(a) < minedAt(b) ? 1 : minedAt(a) > minedAt(b) ? -1 : 0))
  }

  /** Whether another page can be read for the active account. */
  get hasMore(): boolean {
    return this.listFor === this.deps.connection.caipAddress && this.next !== null
  }

  /** Reads the first page of the active account's history (again, after a send), replacing the list. */
  async load(): Promise<void> {
    const target = this.target()
    if (!target) return
    const generation = ++this.generation
    runInAction(() => (this.isLoading = true))
    try {
      const [page, purchases] = await Promise.all([
        target.fetchPage({ address: target.address, caipNetworkId: target.caipNetworkId }),
        this.deps.fetchPurchases?.({ address: target.address, caipNetworkId: target.caipNetworkId }) ?? [],
      ])
      if (generation !== this.generation) return
      runInAction(() => {
        this.transactions = page.entries
        this.purchases = purchases
        this.next = page.next
        this.listFor = target.caipAddress
      })
    } catch {
      if (generation === this.generation) this.fail(target, undefined)
    } finally {
      if (generation === this.generation) runInAction(() => (this.isLoading = false))
    }
  }

  /** Reads the next page and appends it; does nothing while a read runs or after the last page. */
  async loadMore(): Promise<void> {
    const target = this.target()
    const cursor = this.next
    if (!target || this.isLoading || !this.hasMore || cursor === null) return
    const generation = this.generation
    runInAction(() => (this.isLoading = true))
    try {
      const page = await target.fetchPage({ address: target.address, caipNetworkId: target.caipNetworkId, cursor })
      if (generation !== this.generation) return
      const known = new Set(this.transactions.map((entry) => entry.id))
      runInAction(() => {
        this.transactions = [...this.transactions, ...page.entries.filter((entry) => !known.has(entry.id))]
        this.next = page.next
      })
    } catch {
      if (generation === this.generation) this.fail(target, cursor)
    } finally {
      if (generation === this.generation) runInAction(() => (this.isLoading = false))
    }
  }

  private target() {
    const { address, caipAddress, activeNetwork } = this.deps.connection
    const fetchPage = this.deps.fetchPage
    if (!fetchPage || !address || !caipAddress || !activeNetwork || !HISTORY_NAMESPACES.has(activeNetwork.chainNamespace)) return undefined
    return { address, caipAddress, caipNetworkId: activeNetwork.caipNetworkId, fetchPage }
  }

  private fail(target: { address: string; caipAddress: string }, cursor: string | undefined): void {
    runInAction(() => {
      this.transactions = []
      this.purchases = []
      this.next = null
      this.listFor = target.caipAddress
    })
    // A message key of the plugin's catalogue; its English is SPEC §8's text.
    this.deps.showError('activity.fetchFailed')
    this.deps.reportFailure({ address: target.address, cursor })
  }
}
