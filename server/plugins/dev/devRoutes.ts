import type { FastifyPluginAsync } from 'fastify'
import type { BackendServices } from '../services/BackendServices.js'
import { refuse } from '../../http/refuse.js'
import { EvmAddressString } from '../../http/schemas.js'

/**
 * `GET /dev/deployment`: the deployed addresses and RPC URLs, for the demo page and the tests;
 * `PUT /dev/history-fault/{address}`: a switch that makes one address's history fail;
 * `PUT /dev/onramp-fault`: a switch that makes the on-ramp routes (options, quote, onrampurl) fail.
 * Registered in dev mode only, behind the admin token (`requireAdminTokenOnDevRoutes`).
 */
export const devRoutes: FastifyPluginAsync<{ services: BackendServices }> = async (app, { services }) => {
  app.get('/dev/deployment', async (_request, reply) => {
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
        services.onrampFault.failing = request.body.failing
      return { failing: services.onrampFault.failing }
    },
  )
}
