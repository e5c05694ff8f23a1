import { sql, type Kysely, type Transaction } from 'kysely'
import type { Project } from './projects.js'
import { ProjectExistsError, ProjectNotFoundError } from './errors.js'
import type { DatabaseSchema, ProjectsTable } from '../database/DatabaseSchema.js'
import type { Storage } from '../database/openStorage.js'
import { listenOnPostgres, type PostgresListener } from './listenOnPostgres.js'

/** The fields of a project an admin may change; `features` is merged (RFC 7396: `null` removes a flag). */
export interface ProjectPatch {
  name?: string
  allowedOrigins?: string[]
  features?: Record<string, boolean | string[] | null>
}

/** Called after a write commits, with the ids of the projects it created, changed or deleted. */
export type ProjectChangeListener = (ids: readonly string[]) => void

/** How often the memory copy is compared with the database: another instance's edit shows within this. */
const DEFAULT_REFRESH_MS = 1_000
/** On Postgres, where every write notifies the other instances, the comparison is only a safety net. */
const DEFAULT_LISTENING_REFRESH_MS = 10_000
/** The Postgres channel every committed write notifies (`pg_notify` in its transaction). */
export const PROJECTS_CHANNEL = 'latch_projects'
/** A refresh that keeps meeting this instance's own writes gives up after this many reads (the poll comes again). */
const REFRESH_ATTEMPTS = 5
/**
 * A patch that keeps meeting another writer's newer row gives up after this many reads. Each round
 * of writers has one winner, so 50 admins patching at once take at most 50 rounds.
 */
const PATCH_ATTEMPTS = 1_000

interface Cached {
  project: Project
  updatedAt: number
}

const toCached = (row: ProjectsTable): Cached => ({
  project: {
    id: row.id,
    name: row.name,
    allowedOrigins: JSON.parse(row.allowed_origins) as string[],
    features: JSON.parse(row.features) as Project['features'],
  },
  updatedAt: row.updated_at,
})

const columnsOf = (project: Project) => ({
  name: project.name,
  allowed_origins: JSON.stringify(project.allowedOrigins),
  features: JSON.stringify(project.features),
})

/**
 * The projects the backend serves, in the storage layer (issue 11, then 28). Every request reads
 * a project, so reads come from a memory copy and stay synchronous. It is kept correct three ways:
 * a write here updates it once committed; on Postgres every write sends a notification in its
 * transaction (delivered on commit) that every instance `LISTEN`s to and re-reads on (issue 31),
 * so another instance's admin edit reaches this one's listeners (the config streams) at once; and
 * a timer compares it with the table, every second on SQLite, every ten on Postgres as a safety
 * net for notifications lost while the listening connection was down.
 *
 * Every write is one conditional statement. A patch merges features: it reads the row, then writes
 * only if the row is still the one it read (`updated_at` moves forward on every write), and reads
 * again otherwise, so two admins' patches of different flags both land.
 *
 * @example
 * const projects = await ProjectStore.open(app.storage)
 * await projects.patch('latch-dev', { features: { swaps: false } })
 */
export class ProjectStore {
  readonly #db: Kysely<DatabaseSchema>
  readonly #postgres: boolean
  #listener: PostgresListener | undefined
  /** A refresh running, and whether another was asked for meanwhile: notifications coalesce. */
  #refreshing: Promise<void> | undefined
  #refreshAgain = false
  readonly #listeners = new Set<ProjectChangeListener>()
  #cache = new Map<string, Cached>()
  /** Bumped by every write here: a refresh that read the table around a write is dropped, not applied over it. */
  #writes = 0
  #timer: NodeJS.Timeout | undefined
  #closed = false

  private constructor(storage: Storage) {
    this.#db = storage.db
    this.#postgres = storage.dialect === 'postgres'
  }

  /**
   * Loads the projects, listens for other instances' writes on Postgres, and starts comparing
   * the copy with the table every `refreshMs` (1 s on SQLite, 10 s on Postgres by default).
   */
  static async open(storage: Storage, options: { refreshMs?: number } = {}): Promise<ProjectStore> {
    const store = new ProjectStore(storage)
    await store.refresh()
    if (storage.postgresUrl)
      store.#listener = listenOnPostgres(storage.postgresUrl, PROJECTS_CHANNEL, {
        onNotification: () => store.#refreshSoon(),
        // Notifications sent while the connection was down are lost: read everything again.
        onListening: () => store.#refreshSoon(),
        onError: (error) => {
          if (!store.#closed) console.error('[latch projects] listening for project changes failed; reconnecting', error)
        },
      })
    store.#timer = setInterval(() => store.#refreshSoon(), options.refreshMs ?? (storage.postgresUrl ? DEFAULT_LISTENING_REFRESH_MS : DEFAULT_REFRESH_MS))
    store.#timer.unref()
    return store
  }

  /** Every project, by id. */
  list(): Project[] {
    return [...this.#cache.values()].map((cached) => cached.project)
  }

  /** The project with this id, or undefined. */
  get(id: string): Project | undefined {
    return this.#cache.get(id)?.project
  }

  has(id: string): boolean {
    return this.#cache.has(id)
  }

  /** Adds a new project; throws `ProjectExistsError` when the id is taken. */
  async create(project: Project): Promise<Project> {
    const saved = copy(project)
    const row = await this.#notifying((db) =>
      db
        .insertInto('projects')
        .values({ id: saved.id, ...columnsOf(saved), updated_at: Date.now() })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returningAll()
        .executeTakeFirst(),
    )
    if (!row) throw new ProjectExistsError({ id: project.id })
    this.#applied([row], [])
    return saved
  }

  /** Replaces an existing project's name, origins and features; throws `ProjectNotFoundError`. */
  async replace(project: Project): Promise<Project> {
    const saved = copy(project)
    const row = await this.#notifying((db) =>
      db.updateTable('projects').set({ ...columnsOf(saved), updated_at: nextVersion() }).where('id', '=', saved.id).returningAll().executeTakeFirst(),
    )
    if (!row) throw new ProjectNotFoundError({ id: project.id })
    this.#applied([row], [])
    return saved
  }

  /** Changes some fields of an existing project; throws `ProjectNotFoundError`. */
  async patch(id: string, patch: ProjectPatch): Promise<Project> {
    for (let attempt = 0; attempt < PATCH_ATTEMPTS; attempt++) {
      const current = await this.#db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst()
      if (!current) throw new ProjectNotFoundError({ id })
      const { project } = toCached(current)
      const features: Project['features'] = { ...project.features }
      for (const [flag, value] of Object.entries(patch.features ?? {})) {
        if (value === null) delete features[flag]
        else features[flag] = value
      }
      const saved: Project = { id, name: patch.name ?? project.name, allowedOrigins: [...(patch.allowedOrigins ?? project.allowedOrigins)], features }
      // Written only over the row read above: another writer's change in between means read again.
      const row = await this.#notifying((db) =>
        db
          .updateTable('projects')
          .set({ ...columnsOf(saved), updated_at: nextVersion() })
          .where('id', '=', id)
          .where('updated_at', '=', current.updated_at)
          .returningAll()
          .executeTakeFirst(),
      )
      if (row) {
        this.#applied([row], [])
        return saved
      }
    }
    throw new Error(`Project ${id} kept changing while it was patched`)
  }

  /** Deletes a project; throws `ProjectNotFoundError`. */
  async delete(id: string): Promise<void> {
    const row = await this.#notifying((db) => db.deleteFrom('projects').where('id', '=', id).returning('id').executeTakeFirst())
    if (!row) throw new ProjectNotFoundError({ id })
    this.#applied([], [id])
  }

  /** Creates or replaces each of these projects (`--projects FILE`), all in one statement. */
  async import(projects: readonly Project[]): Promise<void> {
    // One row per id (the last wins): Postgres refuses a statement that writes a row twice.
    const byId = new Map(projects.map((project) => [project.id, copy(project)]))
    if (byId.size === 0) return
    const now = Date.now()
    const rows = await this.#notifying((db) =>
      db
        .insertInto('projects')
        .values([...byId.values()].map((project) => ({ id: project.id, ...columnsOf(project), updated_at: now })))
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet((row) => ({
            name: row.ref('excluded.name'),
            allowed_origins: row.ref('excluded.allowed_origins'),
            features: row.ref('excluded.features'),
            updated_at: nextVersion(),
          })),
        )
        .returningAll()
        .execute(),
    )
    this.#applied(rows, [])
  }

  /**
   * Calls `listener` after each committed write, here or (seen by the refresh) on another instance.
   *
   * @returns a function that stops the calls
   */
  onChange(listener: ProjectChangeListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Reads the table again and tells listeners which projects changed since the last read. */
  async refresh(): Promise<void> {
    let rows: ProjectsTable[] | undefined
    for (let attempt = 0; attempt < REFRESH_ATTEMPTS && !rows; attempt++) {
      const writes = this.#writes
      const read = await this.#db.selectFrom('projects').selectAll().orderBy('id').execute()
      // A write landed while this read ran: its own update of the copy is newer than what was
      // read, but another instance's change may be in it too, so read again rather than drop it.
      if (writes === this.#writes) rows = read
    }
    if (!rows) return
    const next = new Map(rows.map((row) => [row.id, toCached(row)]))
    const changed = [...next.keys()].filter((id) => this.#cache.get(id)?.updatedAt !== next.get(id)?.updatedAt)
    const gone = [...this.#cache.keys()].filter((id) => !next.has(id))
    this.#cache = next
    if (changed.length + gone.length > 0) this.#tell([...changed, ...gone])
  }

  /** Stops the refresh timer and the listening connection. */
  async close(): Promise<void> {
    this.#closed = true
    clearInterval(this.#timer)
    await this.#listener?.close()
  }

  /** Runs a refresh, or (one running) one more after it: a burst of notifications costs two reads. */
  #refreshSoon(): void {
    if (this.#closed) return
    if (this.#refreshing) {
      this.#refreshAgain = true
      return
    }
    this.#refreshing = this.refresh()
      .catch((error: unknown) => {
        if (!this.#closed) console.error('[latch projects] reading projects failed', error)
      })
      .finally(() => {
        this.#refreshing = undefined
        if (!this.#refreshAgain) return
        this.#refreshAgain = false
        this.#refreshSoon()
      })
  }

  /**
   * One write statement; on Postgres in a transaction that also notifies every instance, so the
   * notification is delivered exactly when the write commits (and never for a rolled-back one).
   */
  async #notifying<T>(write: (db: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>) => Promise<T>): Promise<T> {
    if (!this.#postgres) return write(this.#db)
    return this.#db.transaction().execute(async (trx) => {
      const result = await write(trx)
      await sql`SELECT pg_notify(${PROJECTS_CHANNEL}, '')`.execute(trx)
      return result
    })
  }

  /** Puts what a write here committed into the memory copy, then tells the listeners. */
  #applied(rows: readonly ProjectsTable[], deleted: readonly string[]): void {
    this.#writes++
    const next = new Map(this.#cache)
    for (const row of rows) {
      // Two writes of one project may answer out of order: the newer row stays.
      const known = next.get(row.id)
      if (!known || known.updatedAt < row.updated_at) next.set(row.id, toCached(row))
    }
    for (const id of deleted) next.delete(id)
    this.#cache = new Map([...next].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    this.#tell([...rows.map((row) => row.id), ...deleted])
  }

  #tell(ids: readonly string[]): void {
    for (const listener of this.#listeners) listener(ids)
  }
}

const copy = (project: Project): Project => ({ id: project.id, name: project.name, allowedOrigins: [...project.allowedOrigins], features: { ...project.features } })

/** Now, or just past the row's last version when its clock ran ahead: a row's `updated_at` only moves forward. */
const nextVersion = () => {
  const now = Date.now()
  return sql<number>`CASE WHEN projects.updated_at >= ${now} THEN projects.updated_at + 1 ELSE ${now} END`
}
