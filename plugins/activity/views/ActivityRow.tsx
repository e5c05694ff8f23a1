import { safeImageUrl } from '../../../ui-shell/index.js'
import { describeActivity } from '../describeActivity.js'
import type { HistoryEntry } from '../fetchHistoryPage.js'

const STATUS_WORDS = { confirmed: 'Confirmed', pending: 'Pending', failed: 'Failed' } as const

/**
 * One transaction: its token's image with an arrow for the direction, what happened and with
 * whom, when, the signed amount and how it ended.
 */
export function ActivityRow({ entry }: { entry: HistoryEntry }) {
  const row = describeActivity(entry)
  const image = safeImageUrl(row.image)
  return (
    <li className="activity-row">
      <span className="activity-icon">
        {image ? <img src={image} alt="" /> : <span className="glyph" aria-hidden="true" />}
        {row.direction === 'in' || row.direction === 'out' ? (
          <span className="activity-direction" aria-hidden="true">
            {row.direction === 'in' ? '↓' : '↑'}
          </span>
        ) : null}
      </span>
      <span className="activity-main">
        <span className="activity-heading">
          <span className="activity-title">{row.title}</span>
          {row.status ? <span className={`activity-status ${row.status}`}>{STATUS_WORDS[row.status]}</span> : null}
        </span>
        {row.counterparty ? <span className="muted activity-detail">{row.counterparty}</span> : null}
      </span>
      <span className="activity-side">
        <span className={`activity-amount ${row.direction === 'in' ? 'incoming' : ''}`}>{row.amount}</span>
        {row.date ? <span className="muted activity-date">{row.date}</span> : null}
      </span>
    </li>
  )
}
