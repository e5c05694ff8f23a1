import { observer } from 'mobx-react-lite'
import type { SnackbarStore } from '../stores/SnackbarStore.js'

/** The snackbar: a live region, so screen readers announce each message. */
export const Snackbar = observer(function Snackbar({ store }: { store: SnackbarStore }) {
  const current = store.current
  return (
    <div className="snackbar-region" role="status" aria-live="polite">
      {current ? (
        <div className="snackbar" data-variant={current.variant}>
          {current.variant === 'loading' ? <span className="spinner" aria-hidden="true" /> : null}
          {current.message}
        </div>
      ) : null}
    </div>
  )
})
