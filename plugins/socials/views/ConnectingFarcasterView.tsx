import { observer } from 'mobx-react-lite'
import { QrCode, SnackbarStoreToken, useI18n, useKit } from '../../../ui-shell/plugin.js'
import { FarcasterLoginStoreToken } from '../socialsTokens.js'

/**
 * SPEC §2 ConnectingFarcaster: the frame's `farcaster://connect` URI as a QR code for the
 * visitor's phone, as text, and as a link that opens a Farcaster client on this device; then the
 * wait for their approval. The store checked the URI is farcaster://connect before showing it.
 */
export const ConnectingFarcasterView = observer(function ConnectingFarcasterView() {
  const kit = useKit()
  const login = kit.resolve(FarcasterLoginStoreToken)
  const snackbar = kit.resolve(SnackbarStoreToken)
  const url = login.url
  const { t } = useI18n()
  const copy = async () => {
    if (!url) return
    try {
      await navigator.clipboard.writeText(url)
      snackbar.showSuccess('farcaster.copied')
    } catch {
      snackbar.showError('farcaster.copyFailed')
    }
  }
  return (
    <div className="farcaster">
      <div className="farcaster-qr" aria-busy={url === undefined}>
        {url ? <QrCode value={url} label={t('farcaster.qr')} size={248} /> : <span className="spinner" role="progressbar" aria-label={t('farcaster.preparing')} />}
      </div>
      <p className="farcaster-title">{t('farcaster.scan')}</p>
      <input className="farcaster-uri" readOnly value={url ?? ''} aria-label={t('farcaster.link')} />
      <div className="farcaster-actions">
        <button type="button" className="secondary" disabled={!url} onClick={() => void copy()}>
          {t('farcaster.copy')}
        </button>
        {url ? (
          <a className="secondary" href={url}>
            {t('farcaster.open')}
          </a>
        ) : null}
      </div>
      <p className="farcaster-status" role="status" data-error={login.error ? '' : undefined}>
        {login.error ? t(login.error) : login.pending && url ? t('farcaster.waiting') : ''}
      </p>
    </div>
  )
})
