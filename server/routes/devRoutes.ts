import type { FastifyPluginAsync } from 'fastify'
import type { BackendServices } from '../BackendServices.js'
import { isLoopbackOrigin } from '../isLoopbackOrigin.js'
import { refuse } from './refuse.js'

/**
 * `GET /dev/deployment`: the deployed addresses and RPC URLs, for the demo page and the tests.
 * Only pages on loopback (and clients that send no Origin, like curl or a test) may read it.
 */
export const devRoutes: FastifyPluginAsync<{ services: BackendServices }> = async (app, { services }) => {
  app.get('/dev/deployment', async (request, reply) => {
    const origin = request.headers.origin
    if (origin !== undefined && !isLoopbackOrigin(origin))
      return refuse(reply, 403, 'ORIGIN_NOT_ALLOWED', 'Origin not allowed')
    if (!services.deployment) return refuse(reply, 503, 'NOT_READY', 'The backend is still starting')
    // Local chains only: the dev wallet keys are the public `test test … junk` ones. The nodes'
    // own URLs are never listed: they carry the secret that lets a client call hardhat_* on them.
    return services.deployment
  })
}
