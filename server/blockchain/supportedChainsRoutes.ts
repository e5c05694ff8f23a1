import type { FastifyPluginAsync } from 'fastify'
import { ProjectQuery } from '../http/schemas.js'

/**
 * SPEC §7 `GET /v1/supported-chains`: the CAIP-2 ids the chain RPC serves over HTTP, and over
 * WebSocket (Solana's signature and slot subscriptions, on the same `/v1` URL: the local cluster's
 * only; a configured cluster's subscriptions go to its own nodes' WebSocket).
 */
export const supportedChainsRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app
  app.get('/v1/supported-chains', { schema: { querystring: ProjectQuery } }, async () => ({
    http: [...services.evmChains.keys(), ...(services.solanaNetworks?.keys() ?? []), ...(services.solana ? [services.solana.caipNetworkId] : [])],
    ws: services.solana ? [services.solana.caipNetworkId] : [],
  }))
}
