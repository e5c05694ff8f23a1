import { observer } from 'mobx-react-lite'
import { useEffect, useId } from 'react'
import { ModalStoreToken, ViewStackToken } from '../../../kernel/index.js'
import { useKit, whenIdle } from '../../../ui-shell/index.js'
import { EmbeddedWalletToken } from '../../embeddedWallet/index.js'
import { EmailLoginStoreToken } from '../emailTokens.js'

/** Connect's email method (SPEC §2): the address, then EmailLogin for the device and code steps. */
export const EmailSection = observer(function EmailSection() {
  const kit = useKit()
  const login = kit.resolve(EmailLoginStoreToken)
  const wallet = kit.resolve(EmbeddedWalletToken)
  const isOpen = kit.resolve(ModalStoreToken).isOpen
  const id = useId()

  // The secure site's frame loads while the visitor types: not with the page (the closed modal
  // pre-renders Connect), and not inside the opening click (idle time after it).
  useEffect(() => (isOpen ? whenIdle(() => void wallet.provider) : undefined), [wallet, isOpen])

  const hint = login.step === 'enterEmail' ? (login.error ?? login.emailError) : undefined
  return (
    <form
      className="email-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (login.emailError || login.email.trim() === '') return
        kit.resolve(ViewStackToken).push('EmailLogin')
        void login.submitEmail()
      }}
    >
      <label htmlFor={`${id}-email`}>Email</label>
      <input
        id={`${id}-email`}
        className="email-field"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={login.email}
        aria-invalid={hint ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => login.setEmail(event.target.value)}
      />
      <p id={`${id}-hint`} className="email-error" role="status">
        {hint ?? ''}
      </p>
      <button type="submit" className="primary" disabled={login.email.trim() === '' || login.emailError !== undefined || login.isBusy}>
        Continue with email
      </button>
    </form>
  )
})
