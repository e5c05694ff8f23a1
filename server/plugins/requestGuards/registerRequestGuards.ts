import type { FastifyInstance } from 'fastify'
import type { IncomingMessage } from 'node:http'
import { clientIpOf, type TrustProxy } from './clientIpOf.js'
import type { ProjectStore } from '../projects/ProjectStore.js'
import { openRateLimiter, type RateLimiter, type RateLimitOptions, type SharedRateLimit } from './openRateLimiter.js'
import { InvalidProjectIdError, RateLimitedError } from './errors.js'

export type { RateLimitOptions } from './openRateLimiter.js'

const HEALTH_PATH = '/health'

/** What the guards know, for requests that bypass Fastify's hooks (WebSocket upgrades). */
export interface RequestGuards {
  projects: ProjectStore
  /** Undefined when rate limiting is off. */
  rateLimiter?: RateLimiter
  /** A raw request's client IP, as `request.ip` reads it (X-Forwarded-For only behind a trusted proxy). */
  clientIp: (request: IncomingMessage) => string
}

/**
 * Hooks every request goes through: CORS (the kit runs on the host's origin), the rate limit
 * (429 `RATE_LIMITED`, SPEC §8) and the project check (an unknown `projectId` is 403 `Invalid
 * Project ID`, the kit's alert of the same name).
 *
 * @param app - the Fastify app, before routes are registered
 * @returns the projects and the rate limiter, for the WebSocket upgrade guard
 */
export function registerRequestGuards(
  app: FastifyInstance,
  { projects, rateLimit, trustProxy, shared }: { projects: ProjectStore; rateLimit: RateLimitOptions | false; trustProxy?: TrustProxy; shared?: SharedRateLimit },
): RequestGuards {
  app.addHook('onRequest', async (request, reply) => {
    // The admin API is for the backend's own admin page: no other origin may call it, even
    // with a stolen token (no CORS headers, no preflight answer).
    if (request.url.startsWith('/admin/')) return
    const origin = request.headers.origin
    if (origin) {
      // Any origin may read; which origins may *use* a project is checked per project below.
      void reply.header('access-control-allow-origin', origin).header('vary', 'origin')
    }
    if (request.method === 'OPTIONS') {
      return reply
        .header('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS')
        .header('access-control-allow-headers', request.headers['access-control-request-headers'] ?? 'content-type')
        .header('access-control-max-age', '600')
        .code(204)
        .send()
    }
  })

  const rateLimiter = rateLimit ? openRateLimiter(rateLimit, shared) : undefined
  if (rateLimiter) {
    app.addHook('onRequest', async (request, reply) => {
      // The balancer's health check, every few seconds from its own address: never limited, or
      // a low limit would take a healthy instance out of rotation.
      if (request.url === HEALTH_PATH) return
      const retryAfter = await rateLimiter.hit(request.ip)
      if (retryAfter === undefined) return
      void reply.header('retry-after', String(retryAfter))
      throw new RateLimitedError()
    })
  }

  app.addHook('preHandler', async (request) => {
    const query = request.query as Record<string, unknown> | undefined
    const body = request.body as Record<string, unknown> | undefined
    const projectId = query?.projectId ?? (body && typeof body === 'object' && !Array.isArray(body) ? body.projectId : undefined)
    if (projectId === undefined) return
    if (typeof projectId !== 'string' || !projects.has(projectId)) throw new InvalidProjectIdError()
  })
  return { projects, rateLimiter, clientIp: clientIpOf(trustProxy) }
}
