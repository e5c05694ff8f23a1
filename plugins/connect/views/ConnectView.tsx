import { observer } from 'mobx-react-lite'
import { useEffect, useId } from 'react'
import { FeatureStoreToken, ModalStoreToken } from '../../../kernel/index.js'
import { useI18n, useKit } from '../../../ui-shell/plugin.js'
import { ConnectWalletsStoreToken, LegalConsentStoreToken } from '../connectTokens.js'

/**
 * Connect (SPEC §2): the connect methods plugins added (the wallet list, email, social, ...)
 * in SPEC §2's order or the host's, and the legal checkbox when the host turned it on.
 */
export const ConnectView = observer(function ConnectView() {
  const kit = useKit()
  const wallets = kit.resolve(ConnectWalletsStoreToken)
  const legal = kit.resolve(LegalConsentStoreToken)
  const features = kit.resolve(FeatureStoreToken)
  const { t } = useI18n()

  // The closed modal pre-renders this view: the catalogue is asked only once the visitor opens it.
  const isOpen = kit.resolve(ModalStoreToken).isOpen
  useEffect(() => {
    if (isOpen) void wallets.load()
  }, [wallets, isOpen])

  return (
    <>
      {wallets.methods.map(({ id, component: Method }) => (
        <Method key={id} />
      ))}
      {legal.required ? <LegalCheckbox /> : null}
      {features.isOn('branding') ? <p className="footer">{t('connect.branding')}</p> : null}
    </>
  )
})

// ─── Legal checkbox ───────────────────────────────────────────────────────────

const LegalCheckbox = observer(function LegalCheckbox() {
  const kit = useKit()
  const legal = kit.resolve(LegalConsentStoreToken)
  const id = useId()
  const { t, parts } = useI18n()
  const links = {
    terms: legal.termsUrl ? (
      <a key="terms" href={legal.termsUrl} target="_blank" rel="noopener noreferrer">
        {t('connect.legal.terms')}
      </a>
    ) : (
      t('connect.legal.terms')
    ),
    privacy: legal.privacyUrl ? (
      <a key="privacy" href={legal.privacyUrl} target="_blank" rel="noopener noreferrer">
        {t('connect.legal.privacy')}
      </a>
    ) : (
      t('connect.legal.privacy')
    ),
  }
  return (
    <div className="legal">
      <input id={id} type="checkbox" checked={legal.accepted} onChange={(event) => legal.setAccepted(event.target.checked)} />
      <label htmlFor={id}>
        {parts('connect.legal', ['terms', 'privacy']).map((part) => (typeof part === 'string' ? part : links[part.name as keyof typeof links]))}
      </label>
    </div>
  )
})
