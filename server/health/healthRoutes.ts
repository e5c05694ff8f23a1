import type { FastifyPluginAsync } from 'fastify'
import type Redis from 'ioredis'
import { sql } from 'kysely'
import type { Storage } from '../plugins/database/openStorage.js'

/** What each dependency answered: `absent` is Redis not configured (the embedded default). */
export type DependencyState = 'ok' | 'down' | 'absent'

export interface HealthAnswer {
  status: 'ok' | 'unavailable'
  checks: { database: DependencyState; redis: DependencyState }
}

export interface HealthOptions {
  storage: Storage
  /** The shared Redis (`--redis`): a connection of the server's own; absent without one. */
  redis?: Redis
  /** How long a dependency may take to answer: past it, it is down (1 s by default). */
  timeoutMs?: number
}

/** Resolves `ok` when `check` answers in time, `down` when it fails or is late. */
async function stateOf(check: () => Promise<unknown>, timeoutMs: number): Promise<DependencyState> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<DependencyState>((resolve) => (timer = setTimeout(() => resolve('down'), timeoutMs)))
  const answered = check().then(
    () => 'ok' as const,
    () => 'down' as const,
  )
  try {
    return await Promise.race([answered, late])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * `GET /health` (issue 31), for the balancer's health check (`option httpchk GET /health`): 200
 * `{ status: 'ok', checks }` when the database and Redis each answer within a second, else 503
 * with the one that did not, so the balancer sends no client to an instance that cannot serve it.
 */
export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, { storage, redis, timeoutMs = 1_000 }) => {
  app.get('/health', async (_request, reply) => {
    const [database, redisState] = await Promise.all([
      stateOf(() => sql`SELECT 1`.execute(storage.db), timeoutMs),
      redis ? stateOf(() => redis.ping(), timeoutMs) : Promise.resolve('absent' as const),
    ])
    const healthy = database === 'ok' && redisState !== 'down'
    const answer: HealthAnswer = { status: healthy ? 'ok' : 'unavailable', checks: { database, redis: redisState } }
    // Never cached by a proxy: a stale 200 would keep a dead instance in rotation.
    return reply.code(healthy ? 200 : 503).header('cache-control', 'no-store').send(answer)
  })
}
