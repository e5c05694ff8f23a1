import type { FastifyPluginAsync } from 'fastify'
import type { BackendServices } from '../BackendServices.js'
import { chainRpcRoutes } from './chainRpcRoutes.js'
import { devRoutes } from './devRoutes.js'

/** The blockchain service of SPEC §7 plus the chain RPC and `/dev/deployment`. */
export const blockchainRoutes: FastifyPluginAsync<{ services: BackendServices }> = async (app, { services }) => {
  await app.register(devRoutes, { services })
  await app.register(chainRpcRoutes, { services })
}
