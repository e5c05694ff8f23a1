import { DEV_PROJECT } from './projects.js'
import type { LatchDatabase } from '../database/openDatabase.js'
import { ProjectStore } from './ProjectStore.js'

/**
 * Puts the dev project `latch-dev` into a new database (issue 11: projects live in the database,
 * seeded with the dev project).
 *
 * @param db - a database whose `projects` table was just created
 */
export function seedProjects(db: LatchDatabase): void {
  new ProjectStore(db).import([DEV_PROJECT])
}
