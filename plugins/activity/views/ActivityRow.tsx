import { observer } from 'mobx-react-lite'
import { safeImageUrl, useI18n } from '../../../ui-shell/plugin.js'
import { describeActivity } from '../describeActivity.js'
import type { HistoryEntry } from '../fetchHistoryPage.js'


/**
 * One transaction: its token's image with an arrow for the direction, what happened and with
 * whom, when, the signed amount and how it ended.
 */
export const ActivityRow = observer(function ActivityRow({ entry }: { entry: HistoryEntry }) {
  const { t } = useI18n()
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
          <span className="activity-title">{t(row.title)}</span>
          {row.status ? <span className={`activity-status ${row.status}`}>{t(`activity.status.${row.status}`)}</span> : null}
        </span>
        {row.counterparty ? <span className="muted activity-detail">{t(row.counterparty.key, { address: row.counterparty.address })}</span> : null}
      </span>
      <span className="activity-side">
        {/* Data (an amount, or an NFT's name), isolated for right-to-left text. */}
        <bdi className={`activity-amount ${row.direction === 'in' ? 'incoming' : ''}`}>{row.amount}</bdi>
        {row.date ? (
          <time className="muted activity-date" dateTime={entry.metadata.minedAt}>
            {row.date}
          </time>
        ) : null}
      </span>
    </li>
  )
})
