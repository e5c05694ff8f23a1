import { observer } from 'mobx-react-lite'
import { useId, useState } from 'react'
import { useI18n, useKit } from '../../../ui-shell/plugin.js'
import { EmailLoginStoreToken } from '../emailTokens.js'
import { SecureCodeField } from './SecureCodeField.js'

/**
 * EmailLogin (SPEC §4): while the code is sent, the device approval the secure site may ask for
 * first, then the 6-digit code, typed in the secure site's field (issue 26), with a resend;
 * errors in the secure site's words.
 */
export const EmailLoginView = observer(function EmailLoginView() {
  const login = useKit().resolve(EmailLoginStoreToken)
  const { t, say } = useI18n()
  const email = login.email.trim()
  switch (login.step) {
    case 'enterEmail':
    case 'sending':
      return (
        <div className="email-step" role="status">
          <span className="spinner large" aria-hidden="true" />
          <p className="muted">{login.error ? say(login.error) : t('email.sending', { email })}</p>
        </div>
      )
    case 'verifyDevice':
      return (
        <div className="email-step">
          <p>{t('email.approveDevice')}</p>
          <p className="muted">{t('email.approveDeviceHint', { email })}</p>
          <p className="email-error" role="alert">
            {login.error ? say(login.error) : ''}
          </p>
        </div>
      )
    default:
      return <OtpForm />
  }
})

/** The code step: the secure site's field (the page never sees the code), its errors, and resend. */
const OtpForm = observer(function OtpForm() {
  const login = useKit().resolve(EmailLoginStoreToken)
  const { t, say } = useI18n()
  const id = useId()
  const connecting = login.step === 'connecting'
  // One field per login round: created with the frame, and not reloaded as the modal re-renders.
  const [src] = useState(() => login.codeFieldUrl())
  return (
    <div className="email-form">
      <p id={`${id}-hint`} className="muted">{t('email.enterCode', { email: login.email.trim() })}</p>
      <SecureCodeField src={src} title={t('email.code')} describedBy={`${id}-hint`} />
      <p className="email-error" role="alert">
        {login.error ? say(login.error) : ''}
      </p>
      {connecting && (
        <p className="muted" role="status">
          {t('email.authenticating')}
        </p>
      )}
      <button type="button" className="email-link" disabled={connecting} onClick={() => void login.resend()}>
        {t('email.resend')}
      </button>
    </div>
  )
})
