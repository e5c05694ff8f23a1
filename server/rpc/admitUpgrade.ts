import type { IncomingMessage } from 'node:http'
import { isOriginAllowed } from '../plugins/requestGuards/isOriginAllowed.js'
import type { RequestGuards } from '../plugins/requestGuards/registerRequestGuards.js'
import type { UpgradeRefusal } from '../solana/attachSolanaWebSocket.js'
import type { ServerError } from '../errors/ServerError.js'
import { InvalidProjectIdError, RateLimitedError, OriginNotAllowedError } from '../plugins/requestGuards/errors.js'

/** The answer an HTTP route would send for this error, for a socket that never reaches Fastify. */
const refusalOf = (error: ServerError): UpgradeRefusal => ({ status: error.statusCode, code: error.replyCode, message: error.shortMessage })

/**
 * The checks every HTTP request gets, for a WebSocket upgrade (which bypasses Fastify's hooks):
 * a known `projectId` in the query, an Origin on the project's allow-list, the rate limit.
 *
 * @param request - the upgrade request
 * @param guards - the server's projects and rate limiter
 * @returns undefined to accept, else the refusal to answer with
 * @example
 * const refusal = await admitUpgrade(request, guards)
 * if (refusal) socket.end(`HTTP/1.1 ${refusal.status} ...`)
 */
export async function admitUpgrade(request: IncomingMessage, guards: RequestGuards): Promise<UpgradeRefusal | undefined> {
  const retryAfter = await guards.rateLimiter?.hit(guards.clientIp(request))
  if (retryAfter !== undefined) return refusalOf(new RateLimitedError())
  const projectId = new URL(request.url ?? '/', 'http://localhost').searchParams.get('projectId')
  // Read at each upgrade from the project store: an admin's origin edit applies to the next socket.
  const project = projectId === null ? undefined : guards.projects.get(projectId)
  if (!project) return refusalOf(new InvalidProjectIdError())
  if (!isOriginAllowed(project, request.headers.origin)) return refusalOf(new OriginNotAllowedError())
  return undefined
}
