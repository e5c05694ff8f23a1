import { computed, makeObservable, observable, observableRef, runInAction } from 'mobx'
import type { ConnectionStore } from '../../chains/connection/ConnectionStore.js'
import type { NftItem } from './fetchNfts.js'
import type { StoreText } from '../../ui-shell/i18n/I18nStore.js'

export interface NftStoreDeps {
  connection: ConnectionStore
  /** The NFT route (`fetchNfts`); absent without a blockchain service (then the tab stays empty, silently). */
  fetchNfts?(params: { address: string; caipNetworkId: string }): Promise<NftItem[]>
  showError(message: StoreText): void
}

/** The backend reads ERC-721 ownership on EVM chains only. */
const NFT_NAMESPACES = new Set(['eip155'])

/**
 * The NFTs the active account holds on the active chain, spam dropped; read again each time the
 * NFTs tab opens, so a token sent away is gone. A failed read shows 'Failed to fetch NFTs' and
 * marks the list empty.
 */
export class NftStore {
  private items: NftItem[] = []
  /** The account the items belong to (`caipAddress`, so per chain): a switch never shows stale ones. */
  private itemsFor: string | undefined = undefined
  isLoading = false

  constructor(private readonly deps: NftStoreDeps) {
    makeObservable<NftStore, 'items' | 'itemsFor'>(this, { items: observableRef, itemsFor: observable, isLoading: observable, nfts: computed })
  }

  /** The active account's NFTs on the active chain. */
  get nfts(): NftItem[] {
    return this.itemsFor === this.deps.connection.caipAddress ? this.items : []
  }

  /** Reads the active account's NFTs. */
  async load(): Promise<void> {
    const { address, caipAddress, activeNetwork } = this.deps.connection
    const fetchNfts = this.deps.fetchNfts
    if (!fetchNfts || !address || !caipAddress || !activeNetwork || !NFT_NAMESPACES.has(activeNetwork.chainNamespace)) return
    runInAction(() => (this.isLoading = true))
    try {
      const items = await fetchNfts({ address, caipNetworkId: activeNetwork.caipNetworkId })
      runInAction(() => {
        this.items = items
        this.itemsFor = caipAddress
      })
    } catch {
      runInAction(() => {
        this.items = []
        this.itemsFor = caipAddress
      })
      this.deps.showError('nfts.fetchFailed')
    } finally {
      runInAction(() => (this.isLoading = false))
    }
  }
}
