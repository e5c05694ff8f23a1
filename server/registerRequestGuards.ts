import type { FastifyInstance } from 'fastify'
import type { Project } from './projects.js'

/** A fixed-window limit per client IP. */
export interface RateLimitOptions {
  max: number
  windowMs: number
}

/**
 * Hooks every request goes through: CORS (the kit runs on the host's origin), the rate limit
 * (429 `RATE_LIMITED`, SPEC §8) and the project check (an unknown `projectId` is 403 `Invalid
 * Project ID`, the kit's alert of the same name).
 *
 * @param app - the Fastify app, before routes are registered
 */
export function registerRequestGuards(
  app: FastifyInstance,
  { projects, rateLimit }: { projects: Map<string, Project>; rateLimit: RateLimitOptions | false },
): void {
  app.addHook('onRequest', async (request, reply) => {
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

  if (rateLimit) {
    const windows = new Map<string, { start: number; count: number }>()
    app.addHook('onRequest', async (request, reply) => {
      const now = Date.now()
      let window = windows.get(request.ip)
      if (!window || now - window.start >= rateLimit.windowMs) {
        // Drop stale windows now and then so the map cannot grow without bound.
        if (windows.size > 10_000) windows.clear()
        window = { start: now, count: 0 }
        windows.set(request.ip, window)
      }
      window.count++
      if (window.count > rateLimit.max) {
        const retryAfter = Math.ceil((window.start + rateLimit.windowMs - now) / 1000)
        return reply.code(429).header('retry-after', String(retryAfter)).send({ code: 'RATE_LIMITED', message: 'Rate limited' })
      }
    })
  }

  app.addHook('preHandler', async (request, reply) => {
    const query = request.query as Record<string, unknown> | undefined
    const body = request.body as Record<string, unknown> | undefined
    const projectId = query?.projectId ?? (body && typeof body === 'object' && !Array.isArray(body) ? body.projectId : undefined)
    if (projectId === undefined) return
    if (typeof projectId !== 'string' || !projects.has(projectId))
      return reply.code(403).send({ code: 'INVALID_PROJECT_ID', message: 'Invalid Project ID' })
  })
}
