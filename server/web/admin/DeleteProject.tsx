import { observer } from 'mobx-react-lite'
import type { AdminStore } from './AdminStore.js'

/** Deletes the selected project after a second, explicit confirmation (pages using it stop working). */
export const DeleteProject = observer(function DeleteProject({ store }: { store: AdminStore }) {
  const project = store.selected
  if (!project) return null
  if (!store.confirmingDelete)
    return (
      <div className="danger">
        <button type="button" onClick={() => store.askToDelete(true)}>
          Delete project
        </button>
      </div>
    )
  return (
    <div className="danger" role="group" aria-labelledby="delete-question">
      <p id="delete-question">Delete {project.name}? Pages using it will be refused.</p>
      <button type="button" className="destructive" autoFocus onClick={() => void store.deleteSelected()}>
        Delete {project.name}
      </button>
      <button type="button" onClick={() => store.askToDelete(false)}>
        Keep it
      </button>
    </div>
  )
})
