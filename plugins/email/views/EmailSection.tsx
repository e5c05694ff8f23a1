import { observer } from 'mobx-react-lite'
import { useId } from 'react'
import { ViewStackToken } from '../../../kernel/index.js'
import { useI18n, useKit } from '../../../ui-shell/plugin.js'
import { EmbeddedWalletToken } from '../../embeddedWallet/index.js'
import { useFrameWhileOpen } from '../../embeddedWallet/useFrameWhileOpen.js'
import { EmailLoginStoreToken } from '../emailTokens.js'

/** Connect's email method (SPEC §2): the address, then EmailLogin for the device and code steps. */
export const EmailSection = observer(function EmailSection() {
  const kit = useKit()
  const login = kit.resolve(EmailLoginStoreToken)
  const wallet = kit.resolve(EmbeddedWalletToken)
  const id = useId()
  const { t, say } = useI18n()

  useFrameWhileOpen(kit, wallet)

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
      <label htmlFor={`${id}-email`}>{t('email.label')}</label>
      <input
        id={`${id}-email`}
        className="email-field"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t('email.placeholder')}
        value={login.email}
        aria-invalid={hint ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => login.setEmail(event.target.value)}
      />
      <p id={`${id}-hint`} className="email-error" role="status">
        {hint ? say(hint) : ''}
      </p>
      <button type="submit" className="primary" disabled={login.email.trim() === '' || login.emailError !== undefined || login.isBusy}>
        {t('email.continue')}
      </button>
    </form>
  )
})
