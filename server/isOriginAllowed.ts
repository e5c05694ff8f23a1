import type { Project } from './projects.js'

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * Whether a request's Origin may use a project. Requests without an Origin (server to server)
 * are allowed. A loopback entry without a port matches any port, so a dev server on any port
 * works; any other entry without a port means the scheme's default port only.
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
    if (entry.port === '' && LOOPBACK_HOSTS.has(entry.hostname)) return true
    return entry.port === parsed.port
  })
}
