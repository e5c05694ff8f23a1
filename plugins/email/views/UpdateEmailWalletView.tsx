import { observer } from 'mobx-react-lite'
import { useEffect, useId, useState } from 'react'
import { useI18n, useKit } from '../../../ui-shell/plugin.js'
import { UpdateEmailStoreToken } from '../emailTokens.js'
import { SecureCodeField } from './SecureCodeField.js'

/** UpdateEmailWallet (SPEC §2/§4): the new address, the current address's code, then the new one's. */
export const UpdateEmailWalletView = observer(function UpdateEmailWalletView() {
  const update = useKit().resolve(UpdateEmailStoreToken)
  const { t, say } = useI18n()
  const id = useId()
  useEffect(() => () => update.reset(), [update])

  if (update.step === 'waiting')
    return (
      <div className="email-step" role="status">
        <span className="spinner large" aria-hidden="true" />
        <p className="muted">{t('updateEmail.updating')}</p>
      </div>
    )
  if (update.step !== 'enterEmail') return <CodeForm key={update.step} />
  return (
    <form
      className="email-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void update.submitEmail()
      }}
    >
      <label htmlFor={`${id}-email`}>{t('updateEmail.newEmail')}</label>
      <input
        id={`${id}-email`}
        className="email-field"
        type="email"
        autoComplete="email"
        value={update.newEmail}
        disabled={update.busy}
        aria-describedby={`${id}-error`}
        onChange={(event) => update.setNewEmail(event.target.value)}
      />
      <p id={`${id}-error`} className="email-error" role="alert">
        {update.error ? say(update.error) : ''}
      </p>
      <button type="submit" className="primary" disabled={update.busy || update.newEmail.trim() === ''}>
        {t('updateEmail.continue')}
      </button>
    </form>
  )
})

/** A code step: the secure site's field for the code (never this page's input) and the frame's refusals. */
const CodeForm = observer(function CodeForm() {
  const update = useKit().resolve(UpdateEmailStoreToken)
  const { t, say } = useI18n()
  const id = useId()
  const primary = update.step === 'primaryOtp'
  const [src] = useState(() => update.codeFieldUrl())
  return (
    <div className="email-form">
      <p id={`${id}-hint`} className="muted">
        {primary ? t('updateEmail.enterCurrent') : t('updateEmail.enterNew', { email: update.newEmail })}
      </p>
      <SecureCodeField src={src} title={primary ? t('updateEmail.currentCode') : t('updateEmail.newCode')} describedBy={`${id}-hint`} />
      <p className="email-error" role="alert">
        {update.error ? say(update.error) : ''}
      </p>
    </div>
  )
})
