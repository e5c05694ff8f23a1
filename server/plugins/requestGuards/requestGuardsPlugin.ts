import fastifyPlugin from 'fastify-plugin'
import { registerRequestGuards, type RequestGuards } from './registerRequestGuards.js'
import { requireAdminTokenOnDevRoutes } from './requireAdminTokenOnDevRoutes.js'
import type Redis from 'ioredis'
import type { RateLimitOptions } from './openRateLimiter.js'
import type { TrustProxy } from './clientIpOf.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The request guards' projects, rate limiter and client IP, for what bypasses Fastify's hooks (WebSocket upgrades). */
    guards: RequestGuards
  }
}

export interface RequestGuardsOptions {
  /** Requests per window per client IP before 429; `false` turns the limit off. */
  rateLimit: RateLimitOptions | false
  trustProxy?: TrustProxy
  /** The Redis instances share (`--redis`): the limit is then one budget across them. */
  redis?: Redis
  /** Dev mode: every `/dev/*` route, whoever registers it, needs this admin token. */
  devRoutesToken?: string
}

/**
 * The hooks every request of the main backend goes through, registered before any route: the
 * admin token on `/dev/*` (dev mode), CORS, the rate limit and the project check
 * (`registerRequestGuards`). Reads `app.projects` (`projectsPlugin`, registered first).
 */
export const requestGuardsPlugin = fastifyPlugin<RequestGuardsOptions>(
  async (app, { rateLimit, trustProxy, redis, devRoutesToken }) => {
    if (devRoutesToken !== undefined) requireAdminTokenOnDevRoutes(app, devRoutesToken)
    const shared = redis && { redis, keyPrefix: 'latch-rate-api' }
    app.decorate('guards', registerRequestGuards(app, { projects: app.projects, rateLimit, trustProxy, shared }))
  },
  { name: 'latch-request-guards', fastify: '5.x', dependencies: ['latch-projects'] },
)
