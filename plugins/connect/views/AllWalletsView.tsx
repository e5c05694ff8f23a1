import { useVirtualizer } from '@tanstack/react-virtual'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef, useState } from 'react'
import { ApiClientToken, EmptyState, ListSkeleton, useI18n, useKit } from '../../../ui-shell/plugin.js'
import { ConnectFlowStoreToken, WalletCatalogStoreToken } from '../connectTokens.js'
import { prefetchImages } from '../catalog/prefetchImages.js'
import { walletImageUrl } from '../catalog/walletImageUrl.js'
import type { WalletListing } from '../catalog/WalletListing.js'

const COLUMNS = 4
const ROW_HEIGHT = 104

/**
 * AllWallets: the catalogue in a virtualised grid (only the rows in view are in the DOM, so
 * 5,000 wallets stay light), with infinite scroll and search.
 */
export const AllWalletsView = observer(function AllWalletsView() {
  const kit = useKit()
  const catalog = kit.resolve(WalletCatalogStoreToken)
  const flow = kit.resolve(ConnectFlowStoreToken)
  const api = kit.resolve(ApiClientToken)
  const [query, setQuery] = useState(catalog.query)
  const scrollRef = useRef<HTMLDivElement>(null)
  const wallets = catalog.visible
  const rows = Math.ceil(wallets.length / COLUMNS)

  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 2,
  })
  const items = virtualizer.getVirtualItems()
  const lastRow = items[items.length - 1]?.index ?? -1

  useEffect(() => {
    if (catalog.wallets.length === 0) void catalog.loadNextPage()
  }, [catalog])
  useEffect(() => {
    // Infinite scroll: fetch the next page when the last two loaded rows come into view.
    if (!catalog.query && catalog.hasMore && lastRow >= rows - 2) void catalog.loadNextPage()
  }, [catalog, lastRow, rows, catalog.query, catalog.hasMore])
  useEffect(() => {
    void prefetchImages(wallets.slice(0, 20).flatMap((wallet) => walletImageUrl(wallet, api) ?? []))
  }, [wallets, api])

  const { t, errorText: describe } = useI18n()
  const errorText = (error: { code: string; shortMessage: string } | undefined) => (error ? describe(error) : '')
  const select = (wallet: WalletListing) => void flow.selectCatalogueWallet(wallet)

  return (
    <div className="all-wallets">
      <input
        className="search"
        type="search"
        placeholder={t('allWallets.search')}
        aria-label={t('allWallets.search')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value)
          void catalog.search(event.target.value)
        }}
      />
      {wallets.length === 0 ? (
        // In the grid's place, so the view keeps its height: the first page loading, or a search that found nothing.
        <div className="wallet-scroll">
          {catalog.isLoadingPage || catalog.isSearching ? (
            <ListSkeleton label={t('allWallets.loading')} shape="grid" count={16} />
          ) : catalog.query ? (
            <EmptyState title={t('allWallets.noneFound')} hint={t('allWallets.noneFoundHint')} icon="?" />
          ) : null}
        </div>
      ) : null}
      {/* Kept in the page (and the accessibility tree) when empty, folded to no height: its busy state still says when a search has answered. */}
      <div
        ref={scrollRef}
        className={wallets.length === 0 ? 'wallet-scroll folded' : 'wallet-scroll'}
        role="list"
        aria-label={t('allWallets.list')}
        aria-busy={catalog.isLoadingPage || catalog.isSearching}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((row) => (
            <div
              key={row.key}
              className="wallet-row"
              style={{ position: 'absolute', top: 0, insetInline: 0, height: row.size, transform: `translateY(${row.start}px)` }}
            >
              {wallets.slice(row.index * COLUMNS, row.index * COLUMNS + COLUMNS).map((wallet) => (
                <WalletCard key={wallet.id} wallet={wallet} image={walletImageUrl(wallet, api)} onSelect={select} />
              ))}
            </div>
          ))}
        </div>
      </div>
      <p className="muted" role="status">
        {catalog.isSearching && wallets.length > 0 ? t('allWallets.searching') : errorText(catalog.searchError ?? catalog.pageError)}
      </p>
    </div>
  )
})

interface WalletCardProps {
  wallet: WalletListing
  image: string | undefined
  onSelect(wallet: WalletListing): void
}

function WalletCard({ wallet, image, onSelect }: WalletCardProps) {
  return (
    <div role="listitem" className="wallet-cell">
      <button type="button" className="wallet-card" data-wallet-id={wallet.id} onClick={() => onSelect(wallet)}>
        {image ? (
          <img src={image} alt="" loading="lazy" />
        ) : (
          <span className="glyph" aria-hidden="true">
            {wallet.name.slice(0, 1)}
          </span>
        )}
        <bdi className="wallet-name">{wallet.name}</bdi>
      </button>
    </div>
  )
}
