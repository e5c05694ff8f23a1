import { computed, makeObservable, observable, observableRef, runInAction } from 'mobx'
import type { ConnectionStore } from '../../chains/connection/ConnectionStore.js'
import type { HistoryEntry } from './fetchHistory.js'

/** One NFT as the NFTs tab lists it. */
export interface NftItem {
  key: string
  name: string
  image: string | undefined
}

export interface HistoryStoreDeps {
  connection: ConnectionStore
  /** The history route (`fetchHistory`); absent without a blockchain service (then the tab stays empty, silently). */
  fetchHistory?(params: { address: string; caipNetworkId: string }): Promise<HistoryEntry[]>
  showError(message: string): void
}

/** SPEC §9: history (activity and the NFTs seen in it) is eip155 only. */
const HISTORY_NAMESPACES = new Set(['eip155'])

/**
 * The active account's transactions on the active chain, read once for the tabs that show them:
 * the NFTs tab (NFT transfers, spam dropped: SPEC §5) and the activity plugin's Activity tab. A
 * failed read shows 'Failed to fetch transactions' and marks the list empty (SPEC §8).
 */
export class HistoryStore {
  transactions: HistoryEntry[] = []
  /** The account the transactions belong to (`caipAddress`), so a switch never shows stale ones. */
  transactionsFor: string | undefined = undefined
  isLoading = false

  constructor(private readonly deps: HistoryStoreDeps) {
    makeObservable(this, { transactions: observableRef, transactionsFor: observable, isLoading: observable, current: computed, nfts: computed })
  }

  /** The transactions of the active account and chain. */
  get current(): HistoryEntry[] {
    return this.transactionsFor === this.deps.connection.caipAddress ? this.transactions : []
  }

  /** The NFT transfers of the active account that are not spam, newest first. */
  get nfts(): NftItem[] {
    return this.current.flatMap((entry) =>
      entry.transfers
        .map((transfer, index) => ({ transfer, index }))
        .filter(({ transfer }) => transfer.nft_info && transfer.nft_info.flags?.is_spam !== true)
        .map(({ transfer, index }) => ({ key: `${entry.id}:${index}`, name: transfer.nft_info?.name ?? 'NFT', image: transfer.nft_info?.content?.preview?.url })),
    )
  }

  /** Loads the first page of the active account's history. */
  async load(): Promise<void> {
    const connection = this.deps.connection
    const address = connection.address
    const caipAddress = connection.caipAddress
    const network = connection.activeNetwork
    const fetchHistory = this.deps.fetchHistory
    if (!fetchHistory || !address || !caipAddress || !network || !HISTORY_NAMESPACES.has(network.chainNamespace)) return
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
