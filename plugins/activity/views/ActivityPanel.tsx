import { observer } from 'mobx-react-lite'
import { useEffect, useRef } from 'react'
import { useKit } from '../../../ui-shell/index.js'
import { ConnectionStoreToken } from '../../connectors/index.js'
import { formatTokenAmount, SendStoreToken } from '../../account/index.js'
import { ActivityStoreToken } from '../activityTokens.js'
import type { HistoryEntry } from '../fetchHistoryPage.js'

/**
 * The Activity tab: the active chain's transactions, newest first, all-spam ones dropped. Read
 * when the tab opens and after a send; the next page is read when the end of the list scrolls
 * into view.
 */
export const ActivityPanel = observer(function ActivityPanel() {
  const kit = useKit()
  const store = kit.resolve(ActivityStoreToken)
  const caipAddress = kit.resolve(ConnectionStoreToken).caipAddress
  const lastSend = kit.resolve(SendStoreToken).lastHash
  const end = useRef<HTMLDivElement>(null)
  const rows = store.current

  useEffect(() => {
    void store.load()
  }, [store, caipAddress, lastSend])

  // A new observer per page: its first report says whether the end is still in view.
  useEffect(() => {
    const target = end.current
    if (!target || !store.hasMore) return
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((entry) => entry.isIntersecting)) void store.loadMore()
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [store, rows.length, store.hasMore])

  if (rows.length === 0) return <p className="muted empty">{store.isLoading ? 'Loading activity…' : 'No activity yet.'}</p>
  return (
    <>
      <ul className="list" aria-label="Activity">
        {rows.map((entry) => (
          <ActivityRow key={entry.id} entry={entry} />
        ))}
      </ul>
      <div ref={end} className="muted empty" aria-live="polite">
        {store.isLoading ? 'Loading more…' : ''}
      </div>
    </>
  )
})

/** On-ramp purchases carry the provider's status names (SPEC §7 `onramp=` history). */
const STATUS_WORDS: Record<string, string> = {
  ONRAMP_TRANSACTION_STATUS_SUCCESS: 'confirmed',
  ONRAMP_TRANSACTION_STATUS_IN_PROGRESS: 'pending',
  ONRAMP_TRANSACTION_STATUS_FAILED: 'failed',
}

function ActivityRow({ entry }: { entry: HistoryEntry }) {
  const transfer = entry.transfers.find((t) => t.fungible_info) ?? entry.transfers[0]
  const symbol = transfer?.fungible_info?.symbol ?? transfer?.nft_info?.name ?? ''
  const amount = transfer?.quantity?.numeric ? formatTokenAmount(transfer.quantity.numeric) : ''
  return (
    <li className="token-row">
      <span className="glyph" aria-hidden="true">
        {transfer?.direction === 'in' ? '↓' : '↑'}
      </span>
      <span className="token-name">
        <span className="capitalize">{entry.metadata.operationType ?? 'transaction'}</span>
        <span className="muted">{STATUS_WORDS[entry.metadata.status ?? ''] ?? entry.metadata.status ?? ''}</span>
      </span>
      <span className="token-value">{`${amount} ${symbol}`.trim()}</span>
    </li>
  )
}
