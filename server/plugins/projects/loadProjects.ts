import { readFileSync } from 'node:fs'
import type { Project } from './projects.js'
import { createStrictAjv } from './createStrictAjv.js'
import { NewProjectBody } from '../../admin/projectSchemas.js'
import { ProjectsFileError } from './errors.js'

type FileProject = Omit<Project, 'name'> & { name?: string }

// The admin API's schema for a new project: the file and `POST /admin/api/projects` agree.
const isProjectList = createStrictAjv().compile<FileProject[]>({ type: 'array', items: NewProjectBody })

/**
 * Reads a projects file (an array of `{ id, name?, allowedOrigins, features }`) for
 * `--projects FILE`, which imports it into the database: each project in it is created or
 * replaced (the dev project `latch-dev` too, e.g. to turn a feature off); the others are kept.
 *
 * @param file - path of the JSON file
 * @returns the file's projects, each named after its id when it has no name
 * @throws ProjectsFileError naming the file and the first invalid field
 * @example
 * loadProjects('projects.json') // [{ id: 'shop', name: 'shop', allowedOrigins: […], features: {…} }]
 */
export function loadProjects(file: string): Project[] {
  let content: unknown
  try {
    content = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new ProjectsFileError({ file, field: 'root', reason: 'is not a readable JSON file', cause: error })
  }
  if (!isProjectList(content)) {
    const issue = isProjectList.errors![0]!
    const field = issue.instancePath.slice(1).replaceAll('/', '.') || 'root'
    throw new ProjectsFileError({ file, field, reason: issue.message ?? 'is invalid' })
  }
  return content.map((project) => ({ ...project, name: project.name ?? project.id }))
}
