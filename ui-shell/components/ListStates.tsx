import type { ReactNode } from 'react'

// A list's two states besides its rows, drawn the same way in every list: while it loads, grey
// placeholders of its rows' shape (a skeleton, so the rows replace it without the view jumping
// about); with nothing to show, a centred sign, a title and what to do next.

export interface ListSkeletonProps {
  /** What is loading, for screen readers: 'Loading tokens'. */
  label: string
  /** Placeholder rows (or, for `grid`, cells). */
  count?: number
  /** `rows`: an image, two lines and a value on the right; `grid`: a square and a line (All Wallets). */
  shape?: 'rows' | 'grid'
}

/** A list's loading state: placeholder rows of its shape, announced once as `label`. */
export function ListSkeleton({ label, count = 3, shape = 'rows' }: ListSkeletonProps) {
  const items = Array.from({ length: count }, (_, index) => index)
  return (
    <div className={`skeleton skeleton-${shape}`} role="status" aria-label={label} data-skeleton="">
      {items.map((index) =>
        shape === 'grid' ? (
          <span key={index} className="skeleton-cell" aria-hidden="true">
            <span className="skeleton-square" />
            <span className="skeleton-bar" />
          </span>
        ) : (
          <span key={index} className="skeleton-row" aria-hidden="true">
            <span className="skeleton-circle" />
            <span className="skeleton-lines">
              <span className="skeleton-bar" />
              <span className="skeleton-bar short" />
            </span>
            <span className="skeleton-bar value" />
          </span>
        ),
      )}
    </div>
  )
}

export interface EmptyStateProps {
  title: string
  /** What the visitor can do, or where the items will come from. */
  hint?: string
  /** A glyph or icon drawn in the sign's circle. */
  icon?: ReactNode
}

/** A list's empty state: a sign, a title and a hint, centred in the list's place. */
export function EmptyState({ title, hint, icon = '∅' }: EmptyStateProps) {
  return (
    <div className="empty-state" role="status">
      <span className="empty-sign" aria-hidden="true">
        {icon}
      </span>
      <p className="empty-title">{title}</p>
      {hint ? <p className="muted empty-hint">{hint}</p> : null}
    </div>
  )
}
