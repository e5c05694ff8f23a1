import { observer } from 'mobx-react-lite'
import { QrCode, useI18n, useKit } from '../../../ui-shell/plugin.js'
import { AccountStoreToken } from '../accountTokens.js'
import { balancedLines } from '../format/balancedLines.js'

/** Characters per line of the address: 13 px monospace fits 24 in the narrowest (320 px) sheet. */
const ADDRESS_LINE_CHARS = 24

/** Receive: the address as a QR code and text, with copy. */
export const ReceiveView = observer(function ReceiveView() {
  const account = useKit().resolve(AccountStoreToken)
  const { t } = useI18n()
  if (!account.address) return <p className="muted empty">{t('account.none')}</p>
  return (
    <div className="receive">
      <QrCode value={account.address} label={t('receive.qr')} size={240} />
      <p className="address-text">
        {balancedLines(account.address, ADDRESS_LINE_CHARS).map((line) => (
          <span key={line}>
            <bdi>{line}</bdi>
          </span>
        ))}
      </p>
      <p className="muted">{t('receive.onlyOn', { network: account.network?.name ?? t('receive.thisNetwork') })}</p>
      <button type="button" className="primary" onClick={() => void account.copyAddress()}>
        {t('receive.copy')}
      </button>
    </div>
  )
})
