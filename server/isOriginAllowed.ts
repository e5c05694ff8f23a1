import type { Project } from './projects.js'

/**
 * Whether a request's Origin may use a project. Requests without an Origin (server to server)
 * are allowed; loopback entries match any port so a dev server on any port works.
 */
export function isOriginAllowed(project: Project, origin: string | undefined): boolean {
  if (!origin) return true
  let parsed: URL
  try {
    parsed = new URL(origin)
  } catch {
    return false
  }
  return project.allowedOrigins.some((allowed) => {
    if (allowed === '*') return true
    const entry = new URL(allowed)
    if (entry.protocol !== parsed.protocol || entry.hostname !== parsed.hostname) return false
    return entry.port === '' ? true : entry.port === parsed.port
  })
}
