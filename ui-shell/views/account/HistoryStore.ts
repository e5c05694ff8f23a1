import { action, makeObservable, observable, observableRef, runInAction } from 'mobx'
import type { ConnectionStore } from '../../../chains/connection/ConnectionStore.js'

/** One transfer of a transaction (SPEC §3). */
export interface HistoryTransfer {
  fungible_info?: { name?: string; symbol?: string; icon?: { url?: string } }
  nft_info?: { name?: string; content?: { preview?: { url?: string } }; flags?: { is_spam?: boolean } }
  direction?: string
  quantity?: { numeric?: string }
}

/** One transaction of the history route (SPEC §3). */
export interface HistoryEntry {
  id: string
  metadata: { operationType?: string; hash?: string; minedAt?: string; sentFrom?: string; sentTo?: string; status?: string; chain?: string }
  transfers: HistoryTransfer[]
}

export interface HistoryStoreDeps {
  connection(): ConnectionStore | undefined
  /** The history route; absent without a blockchain service (then the tabs stay empty, silently). */
  fetchHistory?(params: { address: string; caipNetworkId: string }): Promise<{ data: unknown }>
  showError(message: string): void
}

/** SPEC §9: activity is eip155 only. */
const ACTIVITY_NAMESPACES = new Set(['eip155'])

/** SPEC §5: a transaction whose transfers are all spam NFTs is dropped. */
export function isAllSpamNft(entry: HistoryEntry): boolean {
  return entry.transfers.length > 0 && entry.transfers.every((t) => t.nft_info?.flags?.is_spam === true)
}

/** Keeps well-formed entries of one chain, all-spam NFT transactions dropped (SPEC §5). */
export function visibleTransactions(data: unknown, caipNetworkId: string): HistoryEntry[] {
  if (!Array.isArray(data)) return []
  return data.filter(
    (entry): entry is HistoryEntry =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as HistoryEntry).id === 'string' &&
      typeof (entry as HistoryEntry).metadata === 'object' &&
      (entry as HistoryEntry).metadata !== null &&
      Array.isArray((entry as HistoryEntry).transfers) &&
      ((entry as HistoryEntry).metadata.chain === undefined || (entry as HistoryEntry).metadata.chain === caipNetworkId) &&
      !isAllSpamNft(entry as HistoryEntry),
  )
}

/**
 * The account's transactions on the active chain for the Activity and NFTs tabs. A failure
 * shows 'Failed to fetch transactions' and marks the list empty (SPEC §8).
 */
// Getters that read the connection store through `connection()` are plain getters, not
// computeds: that store may be provided after a getter is first read, and a computed with no
// observable dependency would never recompute. Observers still track what they read through them.
export class HistoryStore {
  transactions: HistoryEntry[] = []
  transactionsFor: string | undefined = undefined
  isLoading = false

  constructor(private readonly deps: HistoryStoreDeps) {
    makeObservable(this, { transactions: observableRef, transactionsFor: observable, isLoading: observable, reset: action })
  }

  /** The transactions of the active account and chain. */
  get current(): HistoryEntry[] {
    return this.transactionsFor === this.deps.connection()?.caipAddress ? this.transactions : []
  }

  /** The NFT transfers that are not spam, newest first. */
  get nfts(): Array<{ key: string; name: string; image: string | undefined }> {
    return this.current.flatMap((entry) =>
      entry.transfers
        .map((transfer, index) => ({ transfer, index }))
        .filter(({ transfer }) => transfer.nft_info && transfer.nft_info.flags?.is_spam !== true)
        .map(({ transfer, index }) => ({ key: `${entry.id}:${index}`, name: transfer.nft_info?.name ?? 'NFT', image: transfer.nft_info?.content?.preview?.url })),
    )
  }

  reset(): void {
    this.transactions = []
    this.transactionsFor = undefined
  }

  /** Loads the first page of the active account's history. */
  async load(): Promise<void> {
    const connection = this.deps.connection()
    const address = connection?.address
    const caipAddress = connection?.caipAddress
    const network = connection?.activeNetwork
    const fetchHistory = this.deps.fetchHistory
    if (!fetchHistory || !address || !caipAddress || !network || !ACTIVITY_NAMESPACES.has(network.chainNamespace)) return
    runInAction(() => (this.isLoading = true))
    try {
      const body = await fetchHistory({ address, caipNetworkId: network.caipNetworkId })
      runInAction(() => {
        this.transactions = visibleTransactions(body?.data, network.caipNetworkId)
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
