import { observer } from 'mobx-react-lite'
import { useEffect, useId } from 'react'
import { FeatureStoreToken, ViewRegistryToken, ViewStackToken } from '../../kernel/index.js'
import { useKit } from '../react/KitContext.js'
import type { WalletItem } from '../connect/buildWalletList.js'
import { ConnectWalletsStoreToken, LegalConsentStoreToken } from '../connect/connectTokens.js'
import { selectCatalogueWallet, selectConnector } from '../connect/selectConnector.js'

const SECTION_TAGS: Partial<Record<WalletItem['section'], string>> = {
  walletConnect: 'QR code',
  recent: 'Recent',
  injected: 'Installed',
}

/**
 * Connect (SPEC §2): the connect methods in order (only the wallet method has views today),
 * the wallet list in the connector-type order, the 'All Wallets' row with the catalogue
 * count, and the legal checkbox when the host turned it on.
 */
export const ConnectView = observer(function ConnectView() {
  const kit = useKit()
  const wallets = kit.resolve(ConnectWalletsStoreToken)
  const legal = kit.resolve(LegalConsentStoreToken)
  const features = kit.resolve(FeatureStoreToken)

  useEffect(() => {
    void wallets.load()
  }, [wallets])

  return (
    <>
      {wallets.methods.map((method) => (method === 'wallet' ? <WalletList key={method} /> : null))}
      {legal.required ? <LegalCheckbox /> : null}
      {features.isOn('branding') ? <p className="footer">Secured by Latch</p> : null}
    </>
  )
})

// ─── Wallet list ──────────────────────────────────────────────────────────────

const WalletList = observer(function WalletList() {
  const kit = useKit()
  const wallets = kit.resolve(ConnectWalletsStoreToken)
  const legal = kit.resolve(LegalConsentStoreToken)
  const views = kit.resolve(ViewRegistryToken)
  const items = wallets.items
  const select = (item: WalletItem) => {
    const connector = wallets.connectorFor(item)
    if (connector) selectConnector(kit, connector)
    else if ('wallet' in item) selectCatalogueWallet(kit, item.wallet)
  }
  return (
    <>
      {items.length === 0 ? (
        <p className="muted empty">No wallet found in this browser.</p>
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

// ─── Legal checkbox ───────────────────────────────────────────────────────────

const LegalCheckbox = observer(function LegalCheckbox() {
  const kit = useKit()
  const legal = kit.resolve(LegalConsentStoreToken)
  const id = useId()
  return (
    <div className="legal">
      <input id={id} type="checkbox" checked={legal.accepted} onChange={(event) => legal.setAccepted(event.target.checked)} />
      <label htmlFor={id}>
        I agree to the{' '}
        {legal.termsUrl ? (
          <a href={legal.termsUrl} target="_blank" rel="noopener noreferrer">
            Terms of Service
          </a>
        ) : (
          'Terms of Service'
        )}{' '}
        and{' '}
        {legal.privacyUrl ? (
          <a href={legal.privacyUrl} target="_blank" rel="noopener noreferrer">
            Privacy Policy
          </a>
        ) : (
          'Privacy Policy'
        )}
      </label>
    </div>
  )
})
