import type { IncomingMessage } from 'node:http'
import { isOriginAllowed } from '../isOriginAllowed.js'
import type { RequestGuards } from '../registerRequestGuards.js'
import type { UpgradeRefusal } from '../solana/attachSolanaWebSocket.js'


/**
 * The checks every HTTP request gets, for a WebSocket upgrade (which bypasses Fastify's hooks):
 * a known `projectId` in the query, an Origin on the project's allow-list, the rate limit.
 *
 * @param request - the upgrade request
 * @param guards - the server's projects and rate limiter
 * @returns undefined to accept, else the refusal to answer with
 * @example
 * const refusal = admitUpgrade(request, guards)
 * if (refusal) socket.end(`HTTP/1.1 ${refusal.status} ...`)
 */
export function admitUpgrade(request: IncomingMessage, guards: RequestGuards): UpgradeRefusal | undefined {
  const retryAfter = guards.rateLimiter?.hit(request.socket.remoteAddress ?? '')
  if (retryAfter !== undefined) return { status: 429, code: 'RATE_LIMITED', message: 'Rate limited' }
  const projectId = new URL(request.url ?? '/', 'http://localhost').searchParams.get('projectId')
  const project = projectId === null ? undefined : guards.projects.get(projectId)
  if (!project) return { status: 403, code: 'INVALID_PROJECT_ID', message: 'Invalid Project ID' }
  if (!isOriginAllowed(project, request.headers.origin)) return { status: 403, code: 'ORIGIN_NOT_ALLOWED', message: 'Origin not allowed' }
  return undefined
}
