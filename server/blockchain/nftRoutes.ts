import type { FastifyPluginAsync } from 'fastify'
import { readNfts } from './readNfts.js'
import { CaipNetworkIdString, EvmAddressString } from '../http/schemas.js'
import { accountRoute } from './accountRoute.js'
import { requestBaseUrl } from '../http/requestBaseUrl.js'

/**
 * `GET /v1/account/{address}/nfts?chainId=…` (ours; SPEC §7 lists no NFT route): the ERC-721
 * tokens the account holds on one local EVM chain, read from the chain, with name and image.
 * Other networks get `{ data: [] }`.
 */
export const nftRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app
  accountRoute<{ projectId: string; chainId: string }>(
    app,
    'nfts',
    { address: EvmAddressString, query: { chainId: CaipNetworkIdString }, required: ['chainId'] },
    async (request) => {
      const chain = services.evmChains.get(request.query.chainId)
      if (!chain) return { data: [] }
      return { data: await readNfts(chain, request.params.address, requestBaseUrl(request)) }
    },
  )
}
