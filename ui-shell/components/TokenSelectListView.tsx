import { useId } from 'react'
import { EmptyState, ListSkeleton } from './ListStates.js'
import { useI18n } from '../i18n/useI18n.js'
import type { TokenSelectListProps, TokenSelectRow } from './TokenSelectList.js'

/** One titled list of token rows. */
function TokenRows({ id, label, rows, onPick }: { id: string; label: string; rows: TokenSelectRow[]; onPick(key: string): void }) {
  return (
    <>
      <p className="token-select-title" id={id}>
        {label}
      </p>
      <ul className="list token-select-list" aria-labelledby={id}>
        {rows.map((row) => (
          <li key={row.key}>
            <button type="button" className="row" aria-current={row.current ? 'true' : undefined} onClick={() => onPick(row.key)}>
              {row.icon}
              <span className="token-select-name">
                {/* Data (a token's symbol and name, or its balance), isolated for right-to-left text. */}
                <bdi>{row.symbol}</bdi>
                {row.detail ? <bdi>{row.detail}</bdi> : null}
              </span>
              {row.value ? <span className="token-select-value">{row.value}</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </>
  )
}

/** The token picker itself, loaded on first use (see TokenSelectList). */
export default function TokenSelectListView({ search, onSearch, placeholder, listLabel, rows, suggested = [], sections = [], loading, emptyTitle, emptyHint, onPick }: TokenSelectListProps) {
  const id = useId()
  const { t } = useI18n()
  const searching = search.trim() !== ''
  const shownSections = searching ? [] : sections.filter((section) => section.rows.length > 0)
  return (
    <div className="token-select">
      <label htmlFor={`${id}-search`} className="token-select-title">
        {t('tokenSelect.search')}
      </label>
      <input
        id={`${id}-search`}
        className="token-select-search"
        type="search"
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
      />
      {!searching && suggested.length > 0 ? (
        <ul className="token-select-suggested" aria-label={t('tokenSelect.suggested')}>
          {suggested.map((row) => (
            <li key={row.key}>
              <button type="button" className="token-select-chip" onClick={() => onPick(row.key)}>
                {row.icon}
                {row.symbol}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {shownSections.map((section, index) => (
        <TokenRows key={section.label} id={`${id}-section-${index}`} label={section.label} rows={section.rows} onPick={onPick} />
      ))}
      {rows.length > 0 ? (
        <TokenRows id={`${id}-tokens`} label={listLabel} rows={rows} onPick={onPick} />
      ) : shownSections.length > 0 ? null : loading ? (
        <ListSkeleton label={t('tokenSelect.loading')} />
      ) : searching ? (
        <EmptyState title={t('tokenSelect.noneFound')} hint={t('tokenSelect.noneFoundHint')} icon="?" />
      ) : (
        <EmptyState title={emptyTitle} hint={emptyHint} icon="◎" />
      )}
    </div>
  )
}
