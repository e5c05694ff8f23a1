import { observer } from 'mobx-react-lite'
import { useKit } from '../../../ui-shell/index.js'
import { SiwxStoreToken } from '../siwxTokens.js'

/**
 * SIWXSignMessage (SPEC §4): the dapp asks the visitor to prove they own the wallet by signing
 * a message; Cancel follows SPEC's cancel rule.
 */
export const SiwxSignMessageView = observer(function SiwxSignMessageView() {
  const kit = useKit()
  const siwx = kit.resolve(SiwxStoreToken)
  const appName = kit.options.metadata?.name ?? location.host
  return (
    <div className="siwx">
      <p className="siwx-lead">{appName} needs to connect to your wallet</p>
      <p className="muted">Sign this message to prove you own this wallet and proceed.{siwx.closable ? '' : ' Cancelling will disconnect you.'}</p>
      <div className="siwx-actions">
        <button type="button" className="secondary" disabled={siwx.isSigning} onClick={() => void siwx.cancel()}>
          Cancel
        </button>
        <button type="button" className="primary" disabled={siwx.isSigning} aria-busy={siwx.isSigning || undefined} onClick={() => void siwx.sign()}>
          {siwx.isSigning ? 'Signing…' : 'Sign'}
        </button>
      </div>
    </div>
  )
})
