import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx'
import type { KitConnector } from '../../../chains/connectors/KitConnector.js'
import { orderConnectMethods, safeImageUrl, type ConnectMethod } from '../../../ui-shell/plugin.js'
import type { WalletListing, WalletPage, WalletQuery } from '../catalog/WalletListing.js'
import { buildWalletList, MAX_RECENT, RECOMMENDED_COUNT, type WalletItem, type WalletSection } from './buildWalletList.js'

/** What the Connect view's wallet list is built from; functions are read live. */
export interface ConnectWalletsDeps {
  connectors(): readonly KitConnector[]
  /** The ConnectionStore's recent wallets, newest first. */
  recent(): ReadonlyArray<{ id: string; rdns?: string; name: string }>
  /** `GET /getWallets`; absent when the host configured no catalogue. */
  fetchWallets?: (query: WalletQuery, signal?: AbortSignal) => Promise<WalletPage>
  /** The host's networks (CAIP-2 ids): recommended wallets are those for them (SPEC §7 `chains`). */
  chains?: readonly string[]
  /** Host option `featuredWalletIds`: catalogue ids shown in their own section, whatever their networks. */
  featuredIds?: readonly string[]
  /** Host option `customWallets`: the host's own wallets. */
  custom?: readonly WalletListing[]
  /** Host option `excludeWalletIds` (SPEC §5: hidden everywhere). */
  excludedIds?: readonly string[]
  isMobile(): boolean
  /** The host's section order (`features.connectorTypeOrder`), else SPEC §2's. */
  order?: readonly WalletSection[]
  /** The connect methods plugins added to the Connect view (the shell's ConnectMethods slot). */
  connectMethods?(): readonly ConnectMethod[]
  /** The host's method order (`features.connectMethodsOrder`), else SPEC §2's. */
  methodsOrder?: readonly string[]
  /** A catalogue wallet's image URL (its own if safe, else the catalogue's); none without a catalogue. */
  walletImageUrl?(wallet: WalletListing): string | undefined
  /** The catalogue's URL for a connector's image id (`/public/getAssetImage/{id}`), when the host has a catalogue. */
  assetImageUrl?(imageId: string): string | undefined
}

/**
 * The Connect view's data (SPEC §2, §5): the wallet list in the connector-type order, the
 * connect-method order, and the catalogue count for the 'All Wallets' row. Featured and
 * recommended wallets come from the catalogue once, the first time the view asks.
 */
export class ConnectWalletsStore {
  featured: readonly WalletListing[] = []
  recommended: readonly WalletListing[] = []
  /** The catalogue's listings of the recent wallets that are not connectors (their image and links). */
  recentListings: readonly WalletListing[] = []
  /** How many wallets the catalogue holds (excluded ones left out by the service). */
  catalogueCount = 0
  private loading: Promise<void> | undefined
  private readonly controller = new AbortController()

  constructor(private readonly deps: ConnectWalletsDeps) {
    makeObservable(this, {
      featured: observableRef,
      recommended: observableRef,
      recentListings: observableRef,
      catalogueCount: observable,
      items: computed,
      hasInstalledWallet: computed,
      catalogueCountLabel: computed,
      methods: computed,
      load: action,
    })
  }

  /** The rows of the wallet list, in SPEC §2's order, excluded and duplicate wallets removed. */
  get items(): WalletItem[] {
    const connectors = this.deps.connectors()
    // A recent wallet that is a registered connector already has its own row (as buildWalletList
    // does for installed wallets); listing it again as recent would show it twice.
    const connectorIds = new Set(connectors.map((c) => c.id))
    const listings = [...this.recentListings, ...this.featured, ...this.recommended, ...(this.deps.custom ?? [])]
    return buildWalletList({
      connectors,
      recent: this.recentCatalogueWallets(connectorIds).map((wallet) => listings.find((listing) => listing.id === wallet.id) ?? wallet),
      featured: this.featured,
      custom: this.deps.custom ?? [],
      recommended: this.recommended,
      excludedIds: this.deps.excludedIds ?? [],
      isMobile: this.deps.isMobile(),
      order: this.deps.order,
    })
  }

  /** The count on the 'All Wallets' row: exact below 100, else rounded down to tens ('300+'); none before it is known. */
  get catalogueCountLabel(): string | undefined {
    const count = this.catalogueCount
    if (count <= 0) return undefined
    return count >= 100 ? `${Math.floor(count / 10) * 10}+` : String(count)
  }

  /** An injected or announced wallet is there and not excluded. */
  get hasInstalledWallet(): boolean {
    return this.items.some((item) => item.section === 'injected')
  }

  /** The connect methods plugins added, in SPEC §2's order or the host's; wallet first when one is installed. */
  get methods(): ConnectMethod[] {
    const methods = this.deps.connectMethods?.() ?? []
    return orderConnectMethods(methods, {
      hasInstalledWallet: methods.some((method) => method.hasInstalledWallet?.() === true),
      hostOrder: this.deps.methodsOrder,
    })
  }

  /** The recent wallets that are catalogue wallets, not registered connectors (those have their own row). */
  private recentCatalogueWallets(connectorIds = new Set(this.deps.connectors().map((c) => c.id))) {
    return this.deps.recent().filter((wallet) => !connectorIds.has(wallet.id))
  }

  /** The registered connector a row stands for, if any (a recent wallet may be one). */
  connectorFor(item: WalletItem): KitConnector | undefined {
    if ('connector' in item && item.connector) return item.connector
    if (item.section !== 'recent') return undefined
    return this.deps.connectors().find((c) => c.id === item.wallet.id)
  }

  /** The image a row shows: the connector's icon or image id, else the catalogue wallet's; only safe URLs. */
  imageOf(item: WalletItem): string | undefined {
    const connector = this.connectorFor(item)
    const own = connector
      ? (safeImageUrl(connector.imageUrl ?? connector.info?.icon) ?? (connector.imageId ? this.deps.assetImageUrl?.(connector.imageId) : undefined))
      : undefined
    if (own || !('wallet' in item)) return own
    return this.deps.walletImageUrl?.(item.wallet) ?? safeImageUrl(item.wallet.image_url)
  }

  /** The name a row shows. */
  nameOf(item: WalletItem): string {
    return 'connector' in item && item.connector ? item.connector.name : 'wallet' in item ? item.wallet.name : ''
  }

  /** Fetches featured and recommended wallets once; a failure leaves those sections empty. */
  load(): Promise<void> {
    const fetchWallets = this.deps.fetchWallets
    if (!fetchWallets) return Promise.resolve()
    this.loading ??= (async () => {
      const signal = this.controller.signal
      const exclude = this.deps.excludedIds?.length ? [...this.deps.excludedIds] : undefined
      const featuredIds = this.deps.featuredIds ?? []
      // Detected, recent and featured wallets are dropped from recommended afterwards
      // (SPEC §5): ask for enough that four remain.
      const entries = RECOMMENDED_COUNT + this.deps.connectors().length + MAX_RECENT + featuredIds.length
      const recentIds = this.recentCatalogueWallets().map((wallet) => wallet.id)
      const listingsOf = (ids: readonly string[]) =>
        ids.length ? fetchWallets({ page: 1, entries: ids.length, include: [...ids], exclude }, signal).catch(() => undefined) : undefined
      const [featured, recent, recommended] = await Promise.all([
        listingsOf(featuredIds),
        listingsOf(recentIds),
        fetchWallets({ page: 1, entries, exclude, chains: this.deps.chains?.length ? [...this.deps.chains] : undefined }, signal).catch(() => undefined),
      ])
      if (signal.aborted) return
      runInAction(() => {
        // The host's featured order, not the service's.
        const byId = new Map((featured?.data ?? []).map((w) => [w.id, w]))
        this.featured = featuredIds.flatMap((id) => byId.get(id) ?? [])
        this.recentListings = recent?.data ?? []
        // A featured wallet shows once, in its own section.
        this.recommended = (recommended?.data ?? []).filter((w) => !featuredIds.includes(w.id))
        this.catalogueCount = recommended?.count ?? 0
      })
    })()
    return this.loading
  }

  dispose(): void {
    this.controller.abort()
  }
}
