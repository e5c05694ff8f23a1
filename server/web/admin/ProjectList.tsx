import { observer } from 'mobx-react-lite'
import type { AdminStore } from './AdminStore.js'
import { t } from './adminText.js'

/** The projects, one button each; the one being edited is marked `aria-current`. */
export const ProjectList = observer(function ProjectList({ store }: { store: AdminStore }) {
  return (
    <nav aria-label={t('projects.title')} className="project-list">
      <h2>{t('projects.title')}</h2>
      {store.projects.length === 0 ? (
        <p>{t('projects.none')}</p>
      ) : (
        <ul>
          {store.projects.map((project) => (
            <li key={project.id}>
              <button type="button" aria-current={project.id === store.selectedId ? 'true' : undefined} onClick={() => store.select(project.id)}>
                <bdi className="project-name">{project.name}</bdi> <bdi className="project-id">{project.id}</bdi>
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  )
})
