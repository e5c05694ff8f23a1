import { computed, makeObservable, observable, observableRef, runInAction } from 'mobx'
import type { ConnectionStore } from '../../chains/connection/ConnectionStore.js'
import type { HistoryEntry } from '../account/index.js'

export interface HistoryStoreDeps {
  connection: ConnectionStore
  /** The history route (the account plugin's `fetchHistory`); absent without a blockchain service (then the tab stays empty, silently). */
  fetchHistory?(params: { address: string; caipNetworkId: string }): Promise<HistoryEntry[]>
  showError(message: string): void
}

/** SPEC §9: activity is eip155 only. */
const ACTIVITY_NAMESPACES = new Set(['eip155'])

/**
 * The Activity tab: the account's transactions on the active chain (SPEC §5: all-spam NFT
 * transactions dropped). A failure shows 'Failed to fetch transactions' and marks the list
 * empty (SPEC §8).
 */
export class HistoryStore {
  transactions: HistoryEntry[] = []
  /** The account the transactions belong to (`caipAddress`), so a switch never shows stale ones. */
  transactionsFor: string | undefined = undefined
  isLoading = false

  constructor(private readonly deps: HistoryStoreDeps) {
    makeObservable(this, { transactions: observableRef, transactionsFor: observable, isLoading: observable, current: computed })
  }

  /** The transactions of the active account and chain. */
  get current(): HistoryEntry[] {
    return this.transactionsFor === this.deps.connection.caipAddress ? this.transactions : []
  }

  /** Loads the first page of the active account's history. */
  async load(): Promise<void> {
    const connection = this.deps.connection
    const address = connection.address
    const caipAddress = connection.caipAddress
    const network = connection.activeNetwork
    const fetchHistory = this.deps.fetchHistory
    if (!fetchHistory || !address || !caipAddress || !network || !ACTIVITY_NAMESPACES.has(network.chainNamespace)) return
    runInAction(() => (this.isLoading = true))
    try {
      const transactions = await fetchHistory({ address, caipNetworkId: network.caipNetworkId })
      runInAction(() => {
        this.transactions = transactions
        this.transactionsFor = caipAddress
      })
    } catch {
      runInAction(() => {
        this.transactions = []
        this.transactionsFor = caipAddress
      })
      this.deps.showError('Failed to fetch transactions')
    } finally {
      runInAction(() => (this.isLoading = false))
    }
  }
}
