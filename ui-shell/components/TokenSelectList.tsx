import { lazy, Suspense, type ReactNode } from 'react'
import { ListSkeleton } from './ListStates.js'
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

/** A titled group of tokens in the picker. */
export interface TokenSelectSection {
  /** The section's title and its list's accessible name. */
  label: string
  rows: TokenSelectRow[]
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
  /**
   * Titled lists shown before `rows` while nothing is searched ('Your tokens', 'Popular'); an
   * empty one is left out. While searching, only `rows` shows.
   */
  sections?: TokenSelectSection[]
  /** The tokens are still being read: the list shows its skeleton. */
  loading: boolean
  /** What the empty list says when nothing is searched ('No tokens yet.'). */
  emptyTitle: string
  emptyHint?: string
  onPick(key: string): void
}

// Loaded with the first picker opened, not with the page: the shell exports it, so anything
// importing the shell would otherwise carry it in its initial JS (issue 32).
const TokenSelectListView = lazy(() => import('./TokenSelectListView.js'))

/** A searchable token list with suggested chips, its skeleton while loading and its empty state. */
export function TokenSelectList(props: TokenSelectListProps) {
  const { t } = useI18n()
  return (
    <Suspense fallback={<ListSkeleton label={t('tokenSelect.loading')} />}>
      <TokenSelectListView {...props} />
    </Suspense>
  )
}
