import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import type { Project } from './projects.js'
import { isOriginEntry } from './isOriginEntry.js'
import { ProjectsFileError } from './errors/projects.js'

const ProjectSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  name: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
  allowedOrigins: v.array(v.pipe(v.string(), v.maxLength(2048), v.check(isOriginEntry, 'must be a URL, a URL pattern with * or *'))),
  features: v.record(v.string(), v.union([v.boolean(), v.array(v.string())])),
})

/**
 * Reads a projects file (an array of `{ id, name?, allowedOrigins, features }`) for
 * `--projects FILE`, which imports it into the database: each project in it is created or
 * replaced (the dev project `latch-dev` too, e.g. to turn a feature off); the others are kept.
 *
 * @param file - path of the JSON file
 * @returns the file's projects, each named after its id when it has no name
 * @throws ProjectsFileError naming the file and the first invalid field
 */
export function loadProjects(file: string): Project[] {
  let content: unknown
  try {
    content = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new ProjectsFileError({ file, field: 'root', reason: 'is not a readable JSON file', cause: error })
  }
  const parsed = v.safeParse(v.array(ProjectSchema), content)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    throw new ProjectsFileError({ file, field: v.getDotPath(issue) ?? 'root', reason: issue.message })
  }
  return parsed.output.map((project) => ({ ...project, name: project.name ?? project.id }))
}
