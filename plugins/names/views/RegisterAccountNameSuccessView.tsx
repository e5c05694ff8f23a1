import { observer } from 'mobx-react-lite'
import { useI18n, useKit, type ViewProps, ViewStackToken } from '../../../ui-shell/plugin.js'
import '../namesViewData.js'

/** RegisterAccountNameSuccess (SPEC §2, §4): the name is the account's; back to Account, which shows it. */
export const RegisterAccountNameSuccessView = observer(function RegisterAccountNameSuccessView({ data }: ViewProps<'RegisterAccountNameSuccess'>) {
  const stack = useKit().resolve(ViewStackToken)
  // Read defensively: a host may open the view by name without its data.
  const name = typeof data?.name === 'string' ? data.name : undefined
  const { t } = useI18n()
  return (
    <div className="names-success" role="status">
      <span className="names-check" aria-hidden="true">
        ✓
      </span>
      <p className="names-success-title">{name ? t('namesSuccess.yours', { name }) : t('namesSuccess.registered')}</p>
      <p className="muted">{t('namesSuccess.hint')}</p>
      <button type="button" className="primary" onClick={() => stack.reset('Account')}>
        {t('namesSuccess.back')}
      </button>
    </div>
  )
})
