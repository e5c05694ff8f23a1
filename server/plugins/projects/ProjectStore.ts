import type { Project } from './projects.js'
import { ProjectExistsError, ProjectNotFoundError } from '../../errors/projects.js'
import type { LatchDatabase } from '../database/openDatabase.js'

/** The fields of a project an admin may change; `features` is merged (RFC 7396: `null` removes a flag). */
export interface ProjectPatch {
  name?: string
  allowedOrigins?: string[]
  features?: Record<string, boolean | string[] | null>
}

/** Called after a write commits, with the ids of the projects it created, changed or deleted. */
export type ProjectChangeListener = (ids: readonly string[]) => void

interface ProjectRow {
  id: string
  name: string
  allowed_origins: string
  features: string
}

const toProject = (row: ProjectRow): Project => ({
  id: row.id,
  name: row.name,
  allowedOrigins: JSON.parse(row.allowed_origins) as string[],
  features: JSON.parse(row.features) as Project['features'],
})

/**
 * The projects the backend serves, stored in its SQLite database (issue 11). Every route reads
 * them through this store, so a write takes effect on the next request; reads come from a
 * memory copy that each write replaces. Each write is one transaction, and listeners hear of it
 * only once it has committed.
 *
 * One store per database: another process writing the same file is not seen until restart.
 *
 * @example
 * const projects = new ProjectStore(db)
 * projects.patch('latch-dev', { features: { swaps: false } })
 */
export class ProjectStore {
  readonly #db: LatchDatabase
  readonly #listeners = new Set<ProjectChangeListener>()
  #cache: Map<string, Project> | undefined
  readonly #upsert
  readonly #remove
  readonly #select

  constructor(db: LatchDatabase) {
    this.#db = db
    this.#upsert = db.prepare<[string, string, string, string, number]>(
      `INSERT INTO projects (id, name, allowed_origins, features, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, allowed_origins = excluded.allowed_origins, features = excluded.features, updated_at = excluded.updated_at`,
    )
    this.#remove = db.prepare<[string]>('DELETE FROM projects WHERE id = ?')
    this.#select = db.prepare<[string], ProjectRow>('SELECT id, name, allowed_origins, features FROM projects WHERE id = ?')
  }

  /** Every project, by id. */
  list(): Project[] {
    return [...this.#projects().values()]
  }

  /** The project with this id, or undefined. */
  get(id: string): Project | undefined {
    return this.#projects().get(id)
  }

  has(id: string): boolean {
    return this.#projects().has(id)
  }

  /** Adds a new project; throws `ProjectExistsError` when the id is taken. */
  create(project: Project): Project {
    return this.#write([project.id], () => {
      if (this.#read(project.id)) throw new ProjectExistsError({ id: project.id })
      return this.#save(project)
    })
  }

  /** Replaces an existing project's name, origins and features; throws `ProjectNotFoundError`. */
  replace(project: Project): Project {
    return this.#write([project.id], () => {
      if (!this.#read(project.id)) throw new ProjectNotFoundError({ id: project.id })
      return this.#save(project)
    })
  }

  /** Changes some fields of an existing project; throws `ProjectNotFoundError`. */
  patch(id: string, patch: ProjectPatch): Project {
    return this.#write([id], () => {
      const current = this.#read(id)
      if (!current) throw new ProjectNotFoundError({ id })
      const features: Project['features'] = { ...current.features }
      for (const [flag, value] of Object.entries(patch.features ?? {})) {
        if (value === null) delete features[flag]
        else features[flag] = value
      }
      return this.#save({ id, name: patch.name ?? current.name, allowedOrigins: patch.allowedOrigins ?? current.allowedOrigins, features })
    })
  }

  /** Deletes a project; throws `ProjectNotFoundError`. */
  delete(id: string): void {
    this.#write([id], () => {
      if (this.#remove.run(id).changes === 0) throw new ProjectNotFoundError({ id })
    })
  }

  /** Creates or replaces each of these projects (`--projects FILE`), all in one transaction. */
  import(projects: readonly Project[]): void {
    this.#write(
      projects.map((project) => project.id),
      () => {
        for (const project of projects) this.#save(project)
      },
    )
  }

  /**
   * Calls `listener` after each committed write.
   *
   * @returns a function that stops the calls
   */
  onChange(listener: ProjectChangeListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #projects(): Map<string, Project> {
    this.#cache ??= new Map(
      this.#db
        .prepare<[], ProjectRow>('SELECT id, name, allowed_origins, features FROM projects ORDER BY id')
        .all()
        .map((row) => [row.id, toProject(row)]),
    )
    return this.#cache
  }

  #read(id: string): Project | undefined {
    const row = this.#select.get(id)
    return row && toProject(row)
  }

  #save(project: Project): Project {
    const saved: Project = { id: project.id, name: project.name, allowedOrigins: [...project.allowedOrigins], features: { ...project.features } }
    this.#upsert.run(saved.id, saved.name, JSON.stringify(saved.allowedOrigins), JSON.stringify(saved.features), Date.now())
    return saved
  }

  #write<T>(ids: readonly string[], change: () => T): T {
    const result = this.#db.transaction(change)()
    this.#cache = undefined
    for (const listener of this.#listeners) listener(ids)
    return result
  }
}
