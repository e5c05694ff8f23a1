import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { QrCode, useI18n, useKit } from '../../../../ui-shell/plugin.js'
import { ConnectFlowStoreToken, WalletConnectPairingStoreToken } from '../../connectTokens.js'
import { ConnectionError } from './ConnectionError.js'

/** Props of PairingPanel. */
export interface PairingPanelProps {
  /** The wallet the QR code is for, if the visitor picked one. */
  walletName?: string
}

/**
 * The QR code of the WalletConnect pairing URI with 'Copy link', shared by
 * ConnectingWalletConnect and ConnectingWalletConnectBasic. Mounting it starts an attempt
 * (unless one is under way) and keeps the pairing fresh while it is shown.
 */
export const PairingPanel = observer(function PairingPanel({ walletName }: PairingPanelProps) {
  const kit = useKit()
  const pairing = kit.resolve(WalletConnectPairingStoreToken)
  const flow = kit.resolve(ConnectFlowStoreToken)
  useEffect(() => {
    pairing.ensureStarted()
    return pairing.watchExpiry()
  }, [pairing])
  const uri = pairing.uri
  const { t } = useI18n()
  return (
    <div className="connecting">
      <div className="qr-frame" aria-busy={uri === undefined}>
        {uri ? (
          <QrCode value={uri} label={walletName ? t('walletConnect.qrFor', { name: walletName }) : t('walletConnect.qr')} size={264} />
        ) : (
          <span className="spinner" role="progressbar" aria-label={t('walletConnect.preparing')} />
        )}
      </div>
      <p className="connecting-title">{walletName ? t('walletConnect.scanWith', { name: walletName }) : t('walletConnect.scan')}</p>
      {flow.status === 'failed' ? (
        <ConnectionError error={flow.error} failures={flow.failures} onRetry={() => void flow.retry()} />
      ) : null}
      <button type="button" className="button secondary" disabled={!uri} onClick={() => void pairing.copyLink()}>
        {t('walletConnect.copyLink')}
      </button>
    </div>
  )
})
