import { useId, type ReactNode } from 'react'
import { EmptyState, ListSkeleton } from './ListStates.js'
import { useI18n } from '../i18n/useI18n.js'

// The token picker that Send and Swap both push: a search field, optional suggested tokens as
// chips, and the tokens as rows (icon, symbol, a second line, a value on the right). Each plugin
// gives its own rows and icons and decides what picking does; the layout, the loading and the
// empty states are the same in both.

/** One token as the picker shows it. */
export interface TokenSelectRow {
  /** Unique in the list; handed back to `onPick`. */
  key: string
  symbol: string
  /** The line under the symbol: the token's name, or the balance. */
  detail?: string
  /** On the right: a balance or a value. */
  value?: string
  icon: ReactNode
  /** The token already chosen (aria-current). */
  current?: boolean
}

export interface TokenSelectListProps {
  search: string
  onSearch(search: string): void
  /** The search field's hint: 'Name or symbol'. */
  placeholder: string
  /** The list's accessible name: 'Tokens', 'Your tokens'. */
  listLabel: string
  rows: TokenSelectRow[]
  /** Shown as chips above the list while nothing is searched. */
  suggested?: TokenSelectRow[]
  /** The tokens are still being read: the list shows its skeleton. */
  loading: boolean
  /** What the empty list says when nothing is searched ('No tokens yet.'). */
  emptyTitle: string
  emptyHint?: string
  onPick(key: string): void
}

/** A searchable token list with suggested chips, its skeleton while loading and its empty state. */
export function TokenSelectList({ search, onSearch, placeholder, listLabel, rows, suggested = [], loading, emptyTitle, emptyHint, onPick }: TokenSelectListProps) {
  const id = useId()
  const { t } = useI18n()
  const searching = search.trim() !== ''
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
      <p className="token-select-title" id={`${id}-tokens`}>
        {listLabel}
      </p>
      {rows.length > 0 ? (
        <ul className="list token-select-list" aria-labelledby={`${id}-tokens`}>
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
      ) : loading ? (
        <ListSkeleton label={t('tokenSelect.loading')} />
      ) : searching ? (
        <EmptyState title={t('tokenSelect.noneFound')} hint={t('tokenSelect.noneFoundHint')} icon="?" />
      ) : (
        <EmptyState title={emptyTitle} hint={emptyHint} icon="◎" />
      )}
    </div>
  )
}
