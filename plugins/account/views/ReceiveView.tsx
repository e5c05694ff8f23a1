import { observer } from 'mobx-react-lite'
import { QrCode, useKit } from '../../../ui-shell/index.js'
import { AccountStoreToken } from '../accountTokens.js'

/** Receive: the address as a QR code and text, with copy. */
export const ReceiveView = observer(function ReceiveView() {
  const account = useKit().resolve(AccountStoreToken)
  if (!account.address) return <p className="muted empty">No account connected.</p>
  return (
    <div className="receive">
      <QrCode value={account.address} label="Address QR code" size={240} />
      <p className="address-text">{account.address}</p>
      <p className="muted">Send assets on {account.network?.name ?? 'this network'} only.</p>
      <button type="button" className="primary" onClick={() => void account.copyAddress()}>
        Copy address
      </button>
    </div>
  )
})
