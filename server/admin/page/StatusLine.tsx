import { observer } from 'mobx-react-lite'
import type { AdminStore } from './AdminStore.js'

/**
 * The outcome of the last call, in a live region that is always in the page (so a screen reader
 * hears each change): 'Saved', the API's refusal naming the field, 'Wrong admin token'.
 */
export const StatusLine = observer(function StatusLine({ store }: { store: AdminStore }) {
  const { status } = store
  const text = status.kind === 'idle' ? '' : status.kind === 'failed' ? status.error.shortMessage : status.message
  return (
    <p role="status" className="status" data-kind={status.kind}>
      {text}
    </p>
  )
})
