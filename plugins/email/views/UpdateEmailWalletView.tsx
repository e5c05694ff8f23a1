import { observer } from 'mobx-react-lite'
import { useEffect, useId, useState } from 'react'
import { useKit } from '../../../ui-shell/index.js'
import { UpdateEmailStoreToken } from '../emailTokens.js'

/** UpdateEmailWallet (SPEC §2/§4): the new address, the current address's code, then the new one's. */
export const UpdateEmailWalletView = observer(function UpdateEmailWalletView() {
  const update = useKit().resolve(UpdateEmailStoreToken)
  const id = useId()
  useEffect(() => () => update.reset(), [update])

  if (update.step === 'waiting')
    return (
      <div className="email-step" role="status">
        <span className="spinner large" aria-hidden="true" />
        <p className="muted">Updating your email…</p>
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
      <label htmlFor={`${id}-email`}>New email</label>
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
        {update.error ?? ''}
      </p>
      <button type="submit" className="primary" disabled={update.busy || update.newEmail.trim() === ''}>
        Continue
      </button>
    </form>
  )
})

const CodeForm = observer(function CodeForm() {
  const update = useKit().resolve(UpdateEmailStoreToken)
  const [otp, setOtp] = useState('')
  const id = useId()
  const primary = update.step === 'primaryOtp'
  return (
    <form
      className="email-form"
      onSubmit={(event) => {
        event.preventDefault()
        void update.submitCode(otp)
      }}
    >
      <p className="muted">{primary ? 'Enter the code we sent to your current email.' : `Enter the code we sent to ${update.newEmail}.`}</p>
      <label htmlFor={`${id}-otp`}>{primary ? 'Code from your current email' : 'Code from your new email'}</label>
      <input
        id={`${id}-otp`}
        className="email-field otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={otp}
        disabled={update.busy}
        aria-describedby={`${id}-error`}
        onChange={(event) => setOtp(event.target.value.replace(/\D/g, '').slice(0, 6))}
      />
      <p id={`${id}-error`} className="email-error" role="alert">
        {update.error ?? ''}
      </p>
      <button type="submit" className="primary" disabled={otp.length !== 6 || update.busy}>
        Continue
      </button>
    </form>
  )
})
