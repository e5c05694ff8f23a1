import { observer } from 'mobx-react-lite'
import { useId, useState } from 'react'
import { useKit } from '../../../ui-shell/index.js'
import { EmailLoginStoreToken } from '../emailTokens.js'

/**
 * EmailLogin (SPEC §4): while the code is sent, the device approval the secure site may ask for
 * first, then the 6-digit code with a resend; errors in the secure site's words.
 */
export const EmailLoginView = observer(function EmailLoginView() {
  const login = useKit().resolve(EmailLoginStoreToken)
  const email = login.email.trim()
  switch (login.step) {
    case 'enterEmail':
    case 'sending':
      return (
        <div className="email-step" role="status">
          <span className="spinner large" aria-hidden="true" />
          <p className="muted">{login.error ?? `Sending a code to ${email}…`}</p>
        </div>
      )
    case 'verifyDevice':
      return (
        <div className="email-step">
          <p>Approve this device</p>
          <p className="muted">{`We sent a link to ${email}. Open it on any device to approve logging in here; this page goes on by itself.`}</p>
          <p className="email-error" role="alert">
            {login.error ?? ''}
          </p>
        </div>
      )
    default:
      return <OtpForm />
  }
})

const OtpForm = observer(function OtpForm() {
  const login = useKit().resolve(EmailLoginStoreToken)
  const [otp, setOtp] = useState('')
  const id = useId()
  const busy = login.step === 'checkingOtp' || login.step === 'connecting'
  return (
    <form
      className="email-form"
      onSubmit={(event) => {
        event.preventDefault()
        void login.submitOtp(otp)
      }}
    >
      <p className="muted">{`Enter the 6-digit code we sent to ${login.email.trim()}.`}</p>
      <label htmlFor={`${id}-otp`}>Code</label>
      <input
        id={`${id}-otp`}
        className="email-field otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={otp}
        disabled={busy}
        aria-invalid={login.error ? true : undefined}
        aria-describedby={`${id}-error`}
        onChange={(event) => setOtp(event.target.value.replace(/\D/g, '').slice(0, 6))}
      />
      <p id={`${id}-error`} className="email-error" role="alert">
        {login.error ?? ''}
      </p>
      <button type="submit" className="primary" disabled={otp.length !== 6 || busy}>
        {login.step === 'connecting' ? 'Authenticating…' : busy ? 'Checking…' : 'Continue'}
      </button>
      <button type="button" className="email-link" disabled={busy} onClick={() => void login.resend()}>
        Resend code
      </button>
    </form>
  )
})
