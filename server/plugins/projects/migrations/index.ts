import type { FeatureMigrations } from '../../database/index.js'
import * as projects from './0007_projects.js'

/** The projects table (`ProjectStore.ts`). */
export const projectsMigrations: FeatureMigrations = {
  '0007_projects': projects,
}
