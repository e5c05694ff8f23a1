import { observer } from 'mobx-react-lite'
import { useI18n, useKit } from '../../../ui-shell/plugin.js'
import { SiwxStoreToken } from '../siwxTokens.js'

/**
 * SIWXSignMessage (SPEC §4): the dapp asks the visitor to prove they own the wallet by signing
 * a message; Cancel follows SPEC's cancel rule.
 */
export const SiwxSignMessageView = observer(function SiwxSignMessageView() {
  const kit = useKit()
  const siwx = kit.resolve(SiwxStoreToken)
  const appName = kit.options.metadata?.name ?? location.host
  const { t } = useI18n()
  return (
    <div className="siwx">
      <p className="siwx-lead">{t('siwx.lead', { app: appName })}</p>
      <p className="muted">{t(siwx.closable ? 'siwx.hint' : 'siwx.hintRequired')}</p>
      <div className="siwx-actions">
        <button type="button" className="secondary" disabled={siwx.isSigning} onClick={() => void siwx.cancel()}>
          {t('siwx.cancel')}
        </button>
        <button type="button" className="primary" disabled={siwx.isSigning} aria-busy={siwx.isSigning || undefined} onClick={() => void siwx.sign()}>
          {siwx.isSigning ? t('siwx.signing') : t('siwx.sign')}
        </button>
      </div>
    </div>
  )
})
