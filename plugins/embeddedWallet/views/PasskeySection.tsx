import { observer } from 'mobx-react-lite'
import { ViewStackToken } from '../../../kernel/index.js'
import { useI18n, useKit } from '../../../ui-shell/plugin.js'
import { EmbeddedWalletToken, PasskeysOfferedToken } from '../embeddedWalletTokens.js'
import { useFrameWhileOpen } from '../useFrameWhileOpen.js'

/**
 * Connect's passkey method (issue 26), beside email and social login as peers offer it: "Continue
 * with a passkey" logs in with a passkey alone, in the secure site's window. Shown only where the
 * backend's secure site offers passkeys (remote configuration `passkeys: true`).
 */
export const PasskeySection = observer(function PasskeySection() {
  const kit = useKit()
  const wallet = kit.resolve(EmbeddedWalletToken)
  const offered = kit.resolve(PasskeysOfferedToken)()
  const { t } = useI18n()

  useFrameWhileOpen(kit, wallet)

  if (!offered) return null
  return (
    <section aria-label={t('passkey.method')} className="passkey-method">
      <button type="button" className="passkey-button" onClick={() => kit.resolve(ViewStackToken).push('Passkey', { task: 'login' })}>
        {t('passkey.continue')}
      </button>
    </section>
  )
})
