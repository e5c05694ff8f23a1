import type { FastifyPluginAsync } from 'fastify'
import type { Deployment } from '../services/Deployment.js'
import type { DevFaults } from './DevFaults.js'
import { BackendNotReadyError } from './errors.js'
import { EvmAddressString } from '../../http/schemas.js'

const Failing = { type: 'object', properties: { failing: { type: 'boolean' } }, required: ['failing'], additionalProperties: false } as const

/**
 * `GET /dev/deployment`: the deployed addresses and RPC URLs, for the demo page and the tests;
 * `PUT /dev/history-fault/{address}`: a switch that makes one address's history fail;
 * `PUT /dev/onramp-fault`: a switch that makes the on-ramp routes (options, quote, onrampurl) fail.
 * Registered in dev mode only (`devFaultsPlugin`), behind the admin token (`requireAdminTokenOnDevRoutes`).
 */
export const devRoutes: FastifyPluginAsync<{ faults: DevFaults; deployment: () => Deployment | undefined }> = async (app, { faults, deployment }) => {
  app.get('/dev/deployment', async () => {
    // Local chains only: the dev wallet keys are the public `test test … junk` ones. The nodes'
    // own URLs are never listed: they carry the secret that lets a client call hardhat_* on them.
    const deployed = deployment()
    if (!deployed) throw new BackendNotReadyError()
    return deployed
  })

  // `PUT /dev/history-fault/{address}` `{ failing }`: that address's history answers 500 until
  // cleared, so a browser test sees the kit's real failure path without a mock in the page.
  app.put<{ Params: { address: string }; Body: { failing: boolean } }>(
    '/dev/history-fault/:address',
    { schema: { params: { type: 'object', properties: { address: EvmAddressString }, required: ['address'] }, body: Failing } },
    async (request) => {
      const address = request.params.address.toLowerCase()
      if (request.body.failing) faults.history.add(address)
      else faults.history.delete(address)
      return { failing: faults.history.has(address) }
    },
  )

  // `PUT /dev/onramp-fault` `{ failing }`: the on-ramp routes answer 503 until cleared, so a
  // browser test sees the kit's fallback currencies and mock quote against the real server.
  app.put<{ Body: { failing: boolean } }>('/dev/onramp-fault', { schema: { body: Failing } }, async (request) => {
    faults.onramp = request.body.failing
    return { failing: faults.onramp }
  })
}
