import type { FastifyPluginAsync } from 'fastify'
import type { BackendServices } from '../BackendServices.js'
import { ProjectQuery } from './schemas.js'

/** SPEC §7 `GET /v1/supported-chains`: the CAIP-2 ids the chain RPC serves over HTTP (no WebSocket). */
export const supportedChainsRoutes: FastifyPluginAsync<{ services: BackendServices }> = async (app, { services }) => {
  app.get('/v1/supported-chains', { schema: { querystring: ProjectQuery } }, async () => ({
    http: [...services.evmChains.keys(), services.solana.caipNetworkId],
    ws: [],
  }))
}
