import type { FastifyPluginAsync } from 'fastify'
import type { ProjectStore } from '../plugins/projects/ProjectStore.js'
import type { SessionTokens } from './SessionTokens.js'
import type { FarcasterLogin } from './FarcasterLogin.js'
import { LOGIN_CALL_PROPERTIES, loginRequestOf } from './loginRequestOf.js'
import { publicUser } from './publicUser.js'
import type { DpopProofs } from './DpopProofs.js'
import { deviceProof } from './deviceProof.js'

const bodyOf = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object', properties, required, additionalProperties: false })
const Secret = { type: 'string', minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }

export interface FarcasterRoutesOptions {
  projects: ProjectStore
  farcaster: FarcasterLogin
  sessions: SessionTokens
  /** The session starts bound to the key that proves the completing poll. */
  proofs: DpopProofs
  siteUrl: () => string
}

/**
 * Farcaster login's routes, for the frame: `POST /api/farcaster/start` (the channel's
 * `farcaster://connect` URL and the frame's secret) and `POST /api/farcaster/poll` (pending, or
 * a session like email's once the visitor's Farcaster client approved).
 */
export const farcasterRoutes: FastifyPluginAsync<FarcasterRoutesOptions> = async (app, { projects, farcaster, sessions, proofs, siteUrl }) => {
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
    // Every poll proves the key, so the one that completes the login never fails after using it up.
    const jkt = await deviceProof(proofs, request, siteUrl())
    const outcome = await farcaster.poll(request.body.loginSecret)
    if ('pending' in outcome) return outcome
    return { ...(await sessions.issue(outcome.user.id, { jkt, projectId: outcome.projectId, appOrigin: outcome.appOrigin })), user: publicUser(outcome.user, outcome.user.profile) }
  })
}
