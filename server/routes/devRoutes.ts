import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { BackendServices } from '../BackendServices.js'
import { isLoopbackOrigin } from '../isLoopbackOrigin.js'
import { refuse } from './refuse.js'
import { EvmAddressString } from './schemas.js'

/**
 * `GET /dev/deployment`: the deployed addresses and RPC URLs, for the demo page and the tests;
 * `PUT /dev/history-fault/{address}`: a switch that makes one address's history fail;
 * `PUT /dev/onramp-fault`: a switch that makes the on-ramp routes (options, quote, onrampurl) fail.
 * Only pages on loopback (and clients that send no Origin, like curl or a test) may use them.
 */
export const devRoutes: FastifyPluginAsync<{ services: BackendServices }> = async (app, { services }) => {
  app.get('/dev/deployment', async (request, reply) => {
    if (!fromLoopback(request)) return refuse(reply, 403, 'ORIGIN_NOT_ALLOWED', 'Origin not allowed')
    if (!services.deployment) return refuse(reply, 503, 'NOT_READY', 'The backend is still starting')
    // Local chains only: the dev wallet keys are the public `test test … junk` ones. The nodes'
    // own URLs are never listed: they carry the secret that lets a client call hardhat_* on them.
    return services.deployment
  })

  // `PUT /dev/history-fault/{address}` `{ failing }`: that address's history answers 500 until
  // cleared, so a browser test sees the kit's real failure path without a mock in the page.
  app.put<{ Params: { address: string }; Body: { failing: boolean } }>(
    '/dev/history-fault/:address',
    {
      schema: {
        params: { type: 'object', properties: { address: EvmAddressString }, required: ['address'] },
        body: { type: 'object', properties: { failing: { type: 'boolean' } }, required: ['failing'], additionalProperties: false },
      },
    },
    async (request, reply) => {
      if (!fromLoopback(request)) return refuse(reply, 403, 'ORIGIN_NOT_ALLOWED', 'Origin not allowed')
      const address = request.params.address.toLowerCase()
      if (request.body.failing) services.historyFaults.add(address)
      else services.historyFaults.delete(address)
      return { failing: services.historyFaults.has(address) }
    },
  )

  // `PUT /dev/onramp-fault` `{ failing }`: the on-ramp routes answer 503 until cleared, so a
  // browser test sees the kit's fallback currencies and mock quote against the real server.
  app.put<{ Body: { failing: boolean } }>(
    '/dev/onramp-fault',
    { schema: { body: { type: 'object', properties: { failing: { type: 'boolean' } }, required: ['failing'], additionalProperties: false } } },
    async (request, reply) => {
      if (!fromLoopback(request)) return refuse(reply, 403, 'ORIGIN_NOT_ALLOWED', 'Origin not allowed')
      services.onrampFault.failing = request.body.failing
      return { failing: services.onrampFault.failing }
    },
  )
}

/** Only pages on loopback, and clients that send no Origin (curl, a test), may use these routes. */
function fromLoopback(request: FastifyRequest): boolean {
  const origin = request.headers.origin
  return origin === undefined || isLoopbackOrigin(origin)
}
