import { observer } from 'mobx-react-lite'
import { ViewRegistryToken, ViewStackToken } from '../../../kernel/index.js'
import { EmptyState, useI18n, useKit } from '../../../ui-shell/plugin.js'
import type { WalletItem } from '../stores/buildWalletList.js'
import { ConnectFlowStoreToken, ConnectWalletsStoreToken, LegalConsentStoreToken } from '../connectTokens.js'

const SECTION_TAGS: Partial<Record<WalletItem['section'], string>> = {
  walletConnect: 'connect.tag.walletConnect',
  recent: 'connect.tag.recent',
  injected: 'connect.tag.injected',
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
  const { t } = useI18n()
  const select = (item: WalletItem) => {
    const connector = wallets.connectorFor(item)
    if (connector) void flow.selectConnector(connector)
    else if ('wallet' in item) void flow.selectCatalogueWallet(item.wallet)
  }
  return (
    <>
      {items.length === 0 ? (
        <EmptyState title={t('connect.noWallet')} hint={t('connect.noWalletHint')} icon="◇" />
      ) : (
        <ul className="list" aria-label={t('connect.wallets')}>
          {items.map((item) => (
            <li key={item.key} data-section={item.section}>
              <WalletRow
                name={wallets.nameOf(item)}
                image={wallets.imageOf(item)}
                tag={SECTION_TAGS[item.section] && t(SECTION_TAGS[item.section]!)}
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
          <span>{t('connect.allWallets')}</span>
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
      <span>
        <bdi>{name}</bdi>
      </span>
      {tag ? <span className="tag">{tag}</span> : null}
    </button>
  )
}
