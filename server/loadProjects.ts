import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import { DEV_PROJECT, type Project } from './projects.js'

const ProjectSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  // A pattern's `*` may stand for a port or a label: it must read as a URL with each `*` a digit.
  allowedOrigins: v.array(v.pipe(v.string(), v.maxLength(2048), v.check((origin) => URL.canParse(origin.replaceAll('*', '0')) || origin === '*', 'must be a URL, a URL pattern with * or *'))),
  features: v.record(v.string(), v.union([v.boolean(), v.array(v.string())])),
})

/**
 * The project registry: the dev project `latch-dev` plus those of a JSON file (an array of
 * `{ id, allowedOrigins, features }`). A project in the file with the id `latch-dev` replaces
 * the default one, e.g. to turn a feature off.
 *
 * @param file - path of the JSON file; without it, only the dev project
 * @throws Error naming the file and the first invalid field
 */
export function loadProjects(file?: string): Project[] {
  if (!file) return [DEV_PROJECT]
  const parsed = v.safeParse(v.array(ProjectSchema), JSON.parse(readFileSync(file, 'utf8')))
  if (!parsed.success) {
    const issue = parsed.issues[0]
    throw new Error(`${file}: ${v.getDotPath(issue) ?? 'root'} ${issue.message}`)
  }
  const projects = new Map<string, Project>([[DEV_PROJECT.id, DEV_PROJECT]])
  for (const project of parsed.output) projects.set(project.id, project)
  return [...projects.values()]
}
