import { observer } from 'mobx-react-lite'
import { ViewRegistryToken, ViewStackToken } from '../../../kernel/index.js'
import { EmptyState, useKit } from '../../../ui-shell/index.js'
import type { WalletItem } from '../stores/buildWalletList.js'
import { ConnectFlowStoreToken, ConnectWalletsStoreToken, LegalConsentStoreToken } from '../connectTokens.js'

const SECTION_TAGS: Partial<Record<WalletItem['section'], string>> = {
  walletConnect: 'QR code',
  recent: 'Recent',
  injected: 'Installed',
}

// ─── Wallet list ──────────────────────────────────────────────────────────────

/**
 * The Connect view's wallet method (the 'wallet' entry of the ConnectMethods slot): the
 * wallets in the connector-type order, and the 'All Wallets' row with the catalogue count
 * while AllWallets is registered.
 */
export const WalletList = observer(function WalletList() {
  const kit = useKit()
  const wallets = kit.resolve(ConnectWalletsStoreToken)
  const legal = kit.resolve(LegalConsentStoreToken)
  const flow = kit.resolve(ConnectFlowStoreToken)
  const views = kit.resolve(ViewRegistryToken)
  const items = wallets.items
  const select = (item: WalletItem) => {
    const connector = wallets.connectorFor(item)
    if (connector) void flow.selectConnector(connector)
    else if ('wallet' in item) void flow.selectCatalogueWallet(item.wallet)
  }
  return (
    <>
      {items.length === 0 ? (
        <EmptyState title="No wallet found in this browser." hint="Install a wallet extension to connect it here." icon="◇" />
      ) : (
        <ul className="list" aria-label="Wallets">
          {items.map((item) => (
            <li key={item.key} data-section={item.section}>
              <WalletRow
                name={wallets.nameOf(item)}
                image={wallets.imageOf(item)}
                tag={SECTION_TAGS[item.section]}
                disabled={!legal.canConnect}
                onSelect={() => select(item)}
              />
            </li>
          ))}
        </ul>
      )}
      {views.has('AllWallets') ? (
        <button
          type="button"
          className="row all-wallets-row"
          disabled={!legal.canConnect}
          onClick={() => kit.resolve(ViewStackToken).push('AllWallets')}
        >
          <span className="glyph" aria-hidden="true">
            ⋯
          </span>
          <span>All Wallets</span>
          {wallets.catalogueCountLabel ? <span className="tag">{wallets.catalogueCountLabel}</span> : null}
        </button>
      ) : null}
    </>
  )
})

// ─── Wallet row ───────────────────────────────────────────────────────────────

interface WalletRowProps {
  name: string
  image: string | undefined
  tag: string | undefined
  disabled: boolean
  onSelect(): void
}

function WalletRow({ name, image, tag, disabled, onSelect }: WalletRowProps) {
  return (
    <button type="button" className="row" disabled={disabled} onClick={onSelect}>
      {image ? (
        <img src={image} alt="" />
      ) : (
        <span className="glyph" aria-hidden="true">
          {name.slice(0, 1)}
        </span>
      )}
      <span>{name}</span>
      {tag ? <span className="tag">{tag}</span> : null}
    </button>
  )
}
