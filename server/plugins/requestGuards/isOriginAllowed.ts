import type { Project } from '../projects/projects.js'
import { matchesOriginPattern } from '../../../chains/auth/matchesOriginPattern.js'

/**
 * Whether a request's Origin may use a project: some entry of its `allowedOrigins` matches it
 * (`matchesOriginPattern`, AppKit's rule). Requests without an Origin (server to server) are allowed.
 *
 * @param project - the project named by the request's `projectId`
 * @param origin - the request's Origin header
 * @returns true when the project admits the origin
 * @example
 * isOriginAllowed(DEV_PROJECT, 'http://127.0.0.1:5173') // true: `http://127.0.0.1:*`
 */
export function isOriginAllowed(project: Pick<Project, 'allowedOrigins'>, origin: string | undefined): boolean {
  if (!origin) return true
  return project.allowedOrigins.some((pattern) => matchesOriginPattern(origin, pattern))
}
