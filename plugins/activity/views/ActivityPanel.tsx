import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useKit } from '../../../ui-shell/index.js'
import { ConnectionStoreToken } from '../../connectors/index.js'
import { formatTokenAmount, HistoryStoreToken } from '../../account/index.js'

/** The Activity tab: the active chain's transactions, all-spam ones dropped; read when the tab opens. */
export const ActivityPanel = observer(function ActivityPanel() {
  const kit = useKit()
  const history = kit.resolve(HistoryStoreToken)
  const caipAddress = kit.resolve(ConnectionStoreToken).caipAddress

  useEffect(() => {
    void history.load()
  }, [history, caipAddress])

  if (history.current.length === 0) return <p className="muted empty">{history.isLoading ? 'Loading activity…' : 'No activity yet.'}</p>
  return (
    <ul className="list" aria-label="Activity">
      {history.current.map((entry) => {
        const transfer = entry.transfers.find((t) => t.fungible_info) ?? entry.transfers[0]
        const symbol = transfer?.fungible_info?.symbol ?? transfer?.nft_info?.name ?? ''
        const amount = transfer?.quantity?.numeric ? formatTokenAmount(transfer.quantity.numeric) : ''
        return (
          <li key={entry.id} className="token-row">
            <span className="glyph" aria-hidden="true">
              {transfer?.direction === 'in' ? '↓' : '↑'}
            </span>
            <span className="token-name">
              <span className="capitalize">{entry.metadata.operationType ?? 'transaction'}</span>
              <span className="muted">{entry.metadata.status ?? ''}</span>
            </span>
            <span className="token-value">{`${amount} ${symbol}`.trim()}</span>
          </li>
        )
      })}
    </ul>
  )
})
