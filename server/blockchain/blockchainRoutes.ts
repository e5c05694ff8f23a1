import type { FastifyPluginAsync } from 'fastify'
import type { BackendServices } from '../plugins/services/BackendServices.js'
import type { RequestGuards } from '../plugins/requestGuards/registerRequestGuards.js'
import { chainRpcRoutes } from '../rpc/chainRpcRoutes.js'
import { devRoutes } from '../plugins/dev/devRoutes.js'
import { supportedChainsRoutes } from './supportedChainsRoutes.js'
import { balanceRoutes } from './balanceRoutes.js'
import { historyRoutes } from './historyRoutes.js'
import { nftRoutes } from './nftRoutes.js'
import { fungiblePriceRoutes } from './fungiblePriceRoutes.js'
import { convertRoutes } from '../convert/convertRoutes.js'
import { profileRoutes } from '../names/profileRoutes.js'
import { onrampRoutes } from '../onramp/onrampRoutes.js'
import { onrampCheckoutRoutes } from '../onramp/onrampCheckoutRoutes.js'
import { sessionRoutes } from '../sessions/sessionRoutes.js'

/** The blockchain service of SPEC §7 plus the chain RPC; in dev mode also `/dev/*` and the on-ramp's test checkout. */
export const blockchainRoutes: FastifyPluginAsync<{ services: BackendServices; guards: RequestGuards; dev: boolean }> = async (app, { services, guards, dev }) => {
  await app.register(chainRpcRoutes, { services, guards })
  for (const routes of [supportedChainsRoutes, balanceRoutes, historyRoutes, nftRoutes, fungiblePriceRoutes, convertRoutes, profileRoutes, sessionRoutes])
    await app.register(routes, { services })
  await app.register(onrampRoutes, { services, dev })
  // The test checkout pays out of the dev account for free: a stand-in, never outside dev mode.
  if (dev) for (const routes of [devRoutes, onrampCheckoutRoutes]) await app.register(routes, { services })
  await app.register((await import('../siwx/siwxRoutes.js')).siwxRoutes, { services, guards })
}
