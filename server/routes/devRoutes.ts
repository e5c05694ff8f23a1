import type { FastifyPluginAsync } from 'fastify'
import type { BackendServices } from '../BackendServices.js'

/** `GET /dev/deployment`: the deployed addresses and RPC URLs, for the demo page and the tests. */
export const devRoutes: FastifyPluginAsync<{ services: BackendServices }> = async (app, { services }) => {
  app.get('/dev/deployment', async (_request, reply) => {
    if (!services.deployment) return reply.code(503).send({ code: 'NOT_READY', message: 'The backend is still starting' })
    // Local chains only: the dev wallet keys are the public `test test … junk` ones.
    return services.deployment
  })
}
