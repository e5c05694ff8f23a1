import type { LatchDatabase } from '../database/openDatabase.js'

/**
 * The project created first in a SQLite file (the seeded `latch-dev` in every database this
 * backend made), read synchronously: what the secure site gives users from before app-scoped
 * wallets when it rewrites an old file's tables. Undefined when the file has no projects table.
 *
 * @param db - the backend's SQLite file
 */
export function oldestProjectId(db: LatchDatabase): string | undefined {
  const hasProjects = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'projects'").get() !== undefined
  return hasProjects ? db.prepare<[], { id: string }>('SELECT id FROM projects ORDER BY rowid LIMIT 1').get()?.id : undefined
}
