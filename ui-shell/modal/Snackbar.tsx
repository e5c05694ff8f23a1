import { observer } from 'mobx-react-lite'
import type { SnackbarStore } from '../stores/SnackbarStore.js'
import { useI18n } from '../i18n/useI18n.js'

/** The snackbar: a live region, so screen readers announce each message. */
export const Snackbar = observer(function Snackbar({ store }: { store: SnackbarStore }) {
  const current = store.current
  const { say } = useI18n()
  return (
    <div className="snackbar-region" role="status" aria-live="polite">
      {current ? (
        <div className="snackbar" data-variant={current.variant}>
          {current.variant === 'loading' ? <span className="spinner" aria-hidden="true" /> : null}
          {/* A plugin's own text is a message key (with values); an error reads its code's translation. */}
          {say(current.message)}
        </div>
      ) : null}
    </div>
  )
})
