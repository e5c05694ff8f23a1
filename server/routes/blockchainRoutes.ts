import type { FastifyPluginAsync } from 'fastify'
import type { BackendServices } from '../BackendServices.js'
import { chainRpcRoutes } from './chainRpcRoutes.js'
import { devRoutes } from './devRoutes.js'
import { supportedChainsRoutes } from './supportedChainsRoutes.js'
import { balanceRoutes } from './balanceRoutes.js'
import { historyRoutes } from './historyRoutes.js'
import { fungiblePriceRoutes } from './fungiblePriceRoutes.js'
import { convertRoutes } from './convertRoutes.js'
import { profileRoutes } from './profileRoutes.js'
import { onrampRoutes } from './onrampRoutes.js'
import { sessionRoutes } from './sessionRoutes.js'

/** The blockchain service of SPEC §7 plus the chain RPC and `/dev/deployment`. */
export const blockchainRoutes: FastifyPluginAsync<{ services: BackendServices }> = async (app, { services }) => {
  for (const routes of [devRoutes, chainRpcRoutes, supportedChainsRoutes, balanceRoutes, historyRoutes, fungiblePriceRoutes, convertRoutes, profileRoutes, onrampRoutes, sessionRoutes])
    await app.register(routes, { services })
}
