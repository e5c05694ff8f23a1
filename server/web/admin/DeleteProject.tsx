import { observer } from 'mobx-react-lite'
import type { AdminStore } from './AdminStore.js'
import { t } from './adminText.js'

/** Deletes the selected project after a second, explicit confirmation (pages using it stop working). */
export const DeleteProject = observer(function DeleteProject({ store }: { store: AdminStore }) {
  const project = store.selected
  if (!project) return null
  if (!store.confirmingDelete)
    return (
      <div className="danger">
        <button type="button" onClick={() => store.askToDelete(true)}>
          {t('delete.button')}
        </button>
      </div>
    )
  return (
    <div className="danger" role="group" aria-labelledby="delete-question">
      <p id="delete-question">{t('delete.question', { name: project.name })}</p>
      <button type="button" className="destructive" autoFocus onClick={() => void store.deleteSelected()}>
        {t('delete.confirm', { name: project.name })}
      </button>
      <button type="button" onClick={() => store.askToDelete(false)}>
        {t('delete.keep')}
      </button>
    </div>
  )
})
