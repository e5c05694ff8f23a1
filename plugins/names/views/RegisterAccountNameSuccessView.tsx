import { observer } from 'mobx-react-lite'
import { useKit, ViewStackToken, type ViewProps } from '../../../ui-shell/index.js'
import '../namesViewData.js'

/** RegisterAccountNameSuccess (SPEC §2, §4): the name is the account's; back to Account, which shows it. */
export const RegisterAccountNameSuccessView = observer(function RegisterAccountNameSuccessView({ data }: ViewProps<'RegisterAccountNameSuccess'>) {
  const stack = useKit().resolve(ViewStackToken)
  // Read defensively: a host may open the view by name without its data.
  const name = typeof data?.name === 'string' ? data.name : undefined
  return (
    <div className="names-success" role="status">
      <span className="names-check" aria-hidden="true">
        ✓
      </span>
      <p className="names-success-title">{name ? `${name} is yours` : 'Your name is registered'}</p>
      <p className="muted">It shows in place of your address in this app and when others send to you.</p>
      <button type="button" className="primary" onClick={() => stack.reset('Account')}>
        Back to Account
      </button>
    </div>
  )
})
