import { observer } from 'mobx-react-lite'
import type { AdminStore } from './AdminStore.js'

/** The projects, one button each; the one being edited is marked `aria-current`. */
export const ProjectList = observer(function ProjectList({ store }: { store: AdminStore }) {
  return (
    <nav aria-label="Projects" className="project-list">
      <h2>Projects</h2>
      {store.projects.length === 0 ? (
        <p>No projects yet.</p>
      ) : (
        <ul>
          {store.projects.map((project) => (
            <li key={project.id}>
              <button type="button" aria-current={project.id === store.selectedId ? 'true' : undefined} onClick={() => store.select(project.id)}>
                <span className="project-name">{project.name}</span> <span className="project-id">{project.id}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  )
})
