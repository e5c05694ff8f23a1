import type { FastifyRequest } from 'fastify'
import { isLoopbackOrigin } from '../../plugins/requestGuards/isLoopbackOrigin.js'

/**
 * Whether a state-changing request comes from one of this server's own pages (CSRF guard).
 * Browsers send `Origin` on every POST; a request without one is not from a page (curl, a test)
 * and passes. The Origin must name the host the request was sent to (the Host header, which a
 * page cannot set), on this server's port, and that host must be loopback or this socket's
 * address, so a DNS-rebound name does not pass either.
 *
 * @param request - the incoming request
 * @returns false for a page on any other origin, and for `Origin: null`
 * @example
 * if (!isSameOriginRequest(request)) throw new OriginNotAllowedError()
 */
export function isSameOriginRequest(request: FastifyRequest): boolean {
  const origin = request.headers.origin
  if (origin === undefined) return true
  let parsed: URL
  try {
    parsed = new URL(origin)
  } catch {
    return false
  }
  const socket = request.socket.address()
  const port = 'port' in socket ? String(socket.port) : ''
  const ownHost = 'address' in socket && (parsed.hostname === socket.address || parsed.hostname === `[${socket.address}]`)
  return parsed.protocol === 'http:' && parsed.host === request.headers.host && parsed.port === port && (ownHost || isLoopbackOrigin(origin))
}
