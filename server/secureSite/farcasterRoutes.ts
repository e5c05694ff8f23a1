import type { FastifyPluginAsync } from 'fastify'
import type { ProjectStore } from '../storage/ProjectStore.js'
import type { SessionTokens } from './SessionTokens.js'
import type { FarcasterLogin } from './FarcasterLogin.js'
import { LOGIN_CALL_PROPERTIES, loginRequestOf } from './loginRequestOf.js'
import { publicUser } from './publicUser.js'

const bodyOf = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object', properties, required, additionalProperties: false })
const Secret = { type: 'string', minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }

/**
 * Farcaster login's routes, for the frame: `POST /api/farcaster/start` (the channel's
 * `farcaster://connect` URL and the frame's secret) and `POST /api/farcaster/poll` (pending, or
 * a session like email's once the visitor's Farcaster client approved).
 */
export const farcasterRoutes: FastifyPluginAsync<{ projects: ProjectStore; farcaster: FarcasterLogin; sessions: SessionTokens; siteUrl: () => string }> = async (
  app,
  { projects, farcaster, sessions, siteUrl },
) => {
  app.post<{ Body: { projectId: string; appOrigin: string } }>(
    '/api/farcaster/start',
    { schema: { body: bodyOf({ ...LOGIN_CALL_PROPERTIES }, ['projectId', 'appOrigin']) } },
    async (request) => {
      // The signed message names appOrigin's host: only one the project allows, asked by the frame itself.
      const { project, appOrigin } = loginRequestOf(request, projects, siteUrl(), request.body)
      return farcaster.start(project.id, appOrigin)
    },
  )

  app.post<{ Body: { loginSecret: string } }>('/api/farcaster/poll', { schema: { body: bodyOf({ loginSecret: Secret }, ['loginSecret']) } }, async (request) => {
    const outcome = await farcaster.poll(request.body.loginSecret)
    if ('pending' in outcome) return outcome
    return { ...(await sessions.issue(outcome.user.id)), user: publicUser(outcome.user, outcome.user.profile) }
  })
}
