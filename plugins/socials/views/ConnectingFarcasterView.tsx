import { observer } from 'mobx-react-lite'
import { QrCode, SnackbarStoreToken, useKit } from '../../../ui-shell/index.js'
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
  const copy = async () => {
    if (!url) return
    try {
      await navigator.clipboard.writeText(url)
      snackbar.showSuccess('Link copied')
    } catch {
      snackbar.showError('Failed to copy')
    }
  }
  return (
    <div className="farcaster">
      <div className="farcaster-qr" aria-busy={url === undefined}>
        {url ? <QrCode value={url} label="Farcaster QR code" size={248} /> : <span className="spinner" role="progressbar" aria-label="Preparing the QR code" />}
      </div>
      <p className="farcaster-title">Scan with your phone's Farcaster app</p>
      <input className="farcaster-uri" readOnly value={url ?? ''} aria-label="Farcaster sign-in link" />
      <div className="farcaster-actions">
        <button type="button" className="secondary" disabled={!url} onClick={() => void copy()}>
          Copy link
        </button>
        {url ? (
          <a className="secondary" href={url}>
            Open Farcaster
          </a>
        ) : null}
      </div>
      <p className="farcaster-status" role="status" data-error={login.error ? '' : undefined}>
        {login.error ?? (login.pending && url ? 'Waiting for approval in Farcaster…' : '')}
      </p>
    </div>
  )
})
