import fastifyPlugin from 'fastify-plugin'
import type { Deployment } from '../services/Deployment.js'
import { HistoryFaultError, OnrampFaultError } from './errors.js'
import { devRoutes } from './devRoutes.js'
import type { DevFaults } from './DevFaults.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Dev mode only (`devFaultsPlugin`): absent on a production backend. */
    devFaults?: DevFaults
  }
}

/** The routes a provider outage takes down (`onrampRoutes`); the test checkout is not one of them. */
const ONRAMP_ROUTES = new Set(['/v1/onramp/options', '/v1/onramp/quote', '/v1/generators/onrampurl'])
const HISTORY_ROUTE = '/v1/account/:address/history'

/**
 * Dev mode's test switches, in one plugin registered only with `dev` (createServer), before the
 * routes they break: `/dev/deployment`, `PUT /dev/history-fault/{address}` and
 * `PUT /dev/onramp-fault` (devRoutes), and the hooks that make those routes fail. A production
 * backend has neither the switches nor the hooks; the routes themselves never read them.
 *
 * @param deployment - what `GET /dev/deployment` answers, once the backend listens
 */
export const devFaultsPlugin = fastifyPlugin<{ deployment: () => Deployment | undefined }>(
  async (app, { deployment }) => {
    const faults: DevFaults = { history: new Set(), onramp: false }
    app.decorate('devFaults', faults)
    // Before validation, as the provider outage it stands for.
    app.addHook('onRequest', async (request) => {
      if (faults.onramp && ONRAMP_ROUTES.has(request.routeOptions.url ?? '')) throw new OnrampFaultError()
    })
    // After validation: a malformed address is still a 400.
    app.addHook('preHandler', async (request) => {
      if (request.routeOptions.url !== HISTORY_ROUTE) return
      const { address } = request.params as { address: string }
      if (faults.history.has(address.toLowerCase())) throw new HistoryFaultError()
    })
    await app.register(devRoutes, { faults, deployment })
  },
  { name: 'latch-dev-faults', fastify: '5.x' },
)
