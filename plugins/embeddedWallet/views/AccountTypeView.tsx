import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { SnackbarStoreToken, useI18n, useKit } from '../../../ui-shell/plugin.js'
import { EmbeddedWalletToken } from '../embeddedWalletTokens.js'

const NAMES = { smartAccount: 'accountType.smartAccount', eoa: 'accountType.eoa' } as const

/**
 * SPEC §4: which account the embedded wallet uses on this chain, the smart account or the key's
 * own address (EOA), and a button to switch; the secure site keeps the choice per chain.
 */
export const AccountTypeView = observer(function AccountTypeView() {
  const kit = useKit()
  const wallet = kit.resolve(EmbeddedWalletToken)
  const user = wallet.channel ? wallet.provider.user : undefined
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const { t, errorText } = useI18n()
  if (!user) return <p className="muted">{t('accountType.notSignedIn')}</p>
  const current = user.preferredAccountType === 'smartAccount' ? 'smartAccount' : 'eoa'
  const next = current === 'smartAccount' ? 'eoa' : 'smartAccount'
  const canSwitch = next === 'eoa' || user.accounts.some((account) => account.type === 'smartAccount')

  const switchType = async () => {
    setBusy(true)
    setError('')
    try {
      await wallet.provider.setPreferredAccountType(next)
      kit.resolve(SnackbarStoreToken).showSuccess(t('accountType.switched', { type: t(NAMES[next]) }))
      kit.back()
    } catch (thrown) {
      const { shortMessage, code } = thrown as { shortMessage?: string; code?: string }
      setError(shortMessage && code ? errorText({ code, shortMessage }) : t('accountType.failed'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="account-type">
      <p>
        {t('accountType.using', { type: t(NAMES[current]) })} <span className="address">{user.address}</span>
      </p>
      {canSwitch ? (
        <button type="button" className="primary" disabled={busy} onClick={() => void switchType()}>
          {next === 'eoa' ? t('accountType.toEoa') : t('accountType.toSmart')}
        </button>
      ) : (
        <p className="muted">{t('accountType.noSmart')}</p>
      )}
      <p className="account-type-error" role="alert">
        {error}
      </p>
    </div>
  )
})
