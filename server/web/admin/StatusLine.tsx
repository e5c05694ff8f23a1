import { observer } from 'mobx-react-lite'
import type { AdminStore, StatusPlace } from './AdminStore.js'
import { adminErrorText } from './adminErrorText.js'

/**
 * The outcome of the last call, in a live region that is always in the page (so a screen reader
 * hears each change): 'Saved', the API's refusal naming the field, 'Wrong admin token'. Each
 * place has its own line and shows only its calls' outcomes: a save's beside Save, where the
 * operator is looking, the rest at the top.
 */
export const StatusLine = observer(function StatusLine({ store, place }: { store: AdminStore; place: StatusPlace }) {
  const { status } = store
  const shown = status.kind === 'idle' || store.statusPlace !== place ? { text: '' } : status.kind === 'failed' ? adminErrorText(status.error) : { text: status.message }
  return (
    <p role="status" className="status" data-kind={status.kind}>
      {shown.text}
      {/* The API's own words (English, naming the field as the API does): data beside the page's sentence. */}
      {'apiMessage' in shown && shown.apiMessage && (
        <>
          {' '}
          <bdi className="api-message">{shown.apiMessage}</bdi>
        </>
      )}
    </p>
  )
})
