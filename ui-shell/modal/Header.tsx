import { observer } from 'mobx-react-lite'
import { useI18n } from '../i18n/useI18n.js'

export interface HeaderProps {
  titleId: string
  title: string
  /** The title is a name from the view's data (a wallet's), shown as it is. */
  titleIsData?: boolean
  canGoBack: boolean
  closable: boolean
  onBack(): void
  onClose(): void
}

/** The modal's header: back, the view's title (the dialog's label), close. */
export const Header = observer(function Header({ titleId, title, titleIsData = false, canGoBack, closable, onBack, onClose }: HeaderProps) {
  const { t } = useI18n()
  return (
    <div className="header">
      {canGoBack ? (
        <button type="button" className="icon-button back" aria-label={t('modal.back')} onClick={onBack}>
          ‹
        </button>
      ) : (
        <span />
      )}
      <h2 className="title" id={titleId} key={title}>
        {titleIsData ? <bdi>{title}</bdi> : t(title)}
      </h2>
      <button type="button" className="icon-button" aria-label={t('modal.close')} disabled={!closable} onClick={onClose}>
        ×
      </button>
    </div>
  )
})
