import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { formatUnits } from 'viem'
import { formatLocale, useI18n, useKit } from '../../../ui-shell/plugin.js'
import { SmartSessionsStoreToken } from '../embeddedWalletTokens.js'

/** Account's permissions (smart sessions, SPEC §1): each active grant with its token, allowance and end, and Revoke. */
export const SmartSessionsView = observer(function SmartSessionsView() {
  const store = useKit().resolve(SmartSessionsStoreToken)
  const { t } = useI18n()
  const [busy, setBusy] = useState('')
  const [error, setError] = useState('')
  useEffect(() => void store.load(), [store])

  const revoke = async (pci: string) => {
    const session = store.active.find((candidate) => candidate.pci === pci)
    if (!session) return
    setBusy(pci)
    setError('')
    try {
      await store.revoke(session)
    } catch (thrown) {
      const { shortMessage, message } = thrown as { shortMessage?: string; message?: string }
      setError(shortMessage ?? message ?? t('smartSessions.failed'))
    } finally {
      setBusy('')
    }
  }

  if (store.loading && store.active.length === 0) return <p className="muted">{t('smartSessions.loading')}</p>
  return (
    <div className="smart-sessions">
      {store.active.length === 0 ? <p className="muted">{t('smartSessions.none')}</p> : null}
      <ul aria-label={t('smartSessions.title')}>
        {store.active.map((session) =>
          session.permissions.map((permission) => (
            <li key={`${session.pci}-${permission.data.address}`} className="smart-session">
              <span>{t('smartSessions.spend', { allowance: formatAllowance(permission.data.allowance, permission.data.decimals ?? 0), token: permission.data.symbol ?? permission.data.address })}</span>
              <span className="muted">{t('smartSessions.until', { date: formatEnd(session.expiry) })}</span>
              <button type="button" className="secondary" disabled={busy !== ''} onClick={() => void revoke(session.pci)}>
                {t('smartSessions.revoke')}
              </button>
            </li>
          )),
        )}
      </ul>
      <p className="smart-sessions-error" role="alert">
        {error || store.error}
      </p>
    </div>
  )
})

/** The allowance in the kit's language ('10' in en, '١٠' in ar-EG); the exact decimal string is formatted, never a float. */
const formatAllowance = (allowance: string, decimals: number) =>
  // TypeScript's lib still types format()'s argument as a number; ES2023 Intl reads a numeric string exactly.
  new Intl.NumberFormat(formatLocale(), { maximumFractionDigits: decimals }).format(formatUnits(BigInt(allowance), decimals) as unknown as number)

/** When the permission ends, in the kit's language rather than the browser's. */
const formatEnd = (expirySeconds: number) => new Intl.DateTimeFormat(formatLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(expirySeconds * 1000))
