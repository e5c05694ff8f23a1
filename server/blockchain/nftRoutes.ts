import type { FastifyPluginAsync } from 'fastify'
import type { BackendServices } from '../plugins/services/BackendServices.js'
import { readNfts } from './readNfts.js'
import { CaipNetworkIdString, EvmAddressString, projectProperties } from '../http/schemas.js'
import { requestBaseUrl } from '../http/requestBaseUrl.js'

/**
 * `GET /v1/account/{address}/nfts?chainId=…` (ours; SPEC §7 lists no NFT route): the ERC-721
 * tokens the account holds on one local EVM chain, read from the chain, with name and image.
 * Other networks get `{ data: [] }`.
 */
export const nftRoutes: FastifyPluginAsync<{ services: BackendServices }> = async (app, { services }) => {
  app.get<{ Params: { address: string }; Querystring: { projectId: string; chainId: string } }>(
    '/v1/account/:address/nfts',
    {
      schema: {
        params: { type: 'object', properties: { address: EvmAddressString }, required: ['address'] },
        querystring: { type: 'object', properties: { ...projectProperties, chainId: CaipNetworkIdString }, required: ['projectId', 'chainId'] },
      },
    },
    async (request) => {
      const chain = services.evmChains.get(request.query.chainId)
      if (!chain) return { data: [] }
      return { data: await readNfts(chain, request.params.address, requestBaseUrl(request)) }
    },
  )
}
