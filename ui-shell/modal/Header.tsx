export interface HeaderProps {
  titleId: string
  title: string
  canGoBack: boolean
  closable: boolean
  onBack(): void
  onClose(): void
}

/** The modal's header: back, the view's title (the dialog's label), close. */
export function Header({ titleId, title, canGoBack, closable, onBack, onClose }: HeaderProps) {
  return (
    <div className="header">
      {canGoBack ? (
        <button type="button" className="icon-button" aria-label="Back" onClick={onBack}>
          ‹
        </button>
      ) : (
        <span />
      )}
      <h2 className="title" id={titleId} key={title}>
        {title}
      </h2>
      <button type="button" className="icon-button" aria-label="Close" disabled={!closable} onClick={onClose}>
        ×
      </button>
    </div>
  )
}
