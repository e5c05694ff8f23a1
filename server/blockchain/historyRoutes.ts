import type { FastifyPluginAsync } from 'fastify'
import { readHistory } from './readHistory.js'
import { readOnrampHistory } from '../onramp/readOnrampHistory.js'
import { readSolanaHistory } from '../solana/readSolanaHistory.js'
import { readConfiguredSolanaHistory } from '../solana/configured/readConfiguredSolanaHistory.js'
import { CaipNetworkIdString } from '../http/schemas.js'
import { accountRoute } from './accountRoute.js'
import { requestBaseUrl } from '../http/requestBaseUrl.js'

interface HistoryQuery {
  projectId: string
  chainId?: string
  cursor?: string
  onramp?: string
  limit: number
}

/**
 * SPEC §7 `GET /v1/account/{address}/history`: the account's transactions on one EVM chain,
 * indexed from the chain up to its latest block before answering, or on the local Solana
 * cluster (issue 13 extends SPEC §9's eip155-only activity to it); cursor paging (`next`).
 * Other networks get `{ data: [], next: null }`.
 * A configured Solana cluster's history is read from its nodes (`readConfiguredSolanaHistory`).
 * A configured network's history is its Transfer logs (`LogHistoryReader`), with
 * `nativeTransfers: 'unavailable'`. With `onramp`, the account's on-ramp purchases instead.
 */
export const historyRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app
  accountRoute<HistoryQuery>(
    app,
    'history',
    {
      query: {
        chainId: CaipNetworkIdString,
        cursor: { type: 'string', pattern: '^[0-9]{1,9}$' },
        onramp: { type: 'string', maxLength: 32 },
        limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
      },
    },
    async (request) => {
      const { address } = request.params
      const { chainId, limit } = request.query
      const cursor = Number(request.query.cursor ?? 0)
      if (request.query.onramp) return readOnrampHistory(app.storage, address, { cursor, limit })
      // A configured Solana cluster: named by chainId, or the first one for a Solana address without it.
      const configuredSolana = chainId ? services.solanaNetworks?.get(chainId) : address.startsWith('0x') || services.solana ? undefined : [...(services.solanaNetworks?.values() ?? [])][0]
      if (configuredSolana) return readConfiguredSolanaHistory(services, configuredSolana, address, { cursor, limit, baseUrl: requestBaseUrl(request) })
      const solana = services.solana && (chainId ? chainId === services.solana.caipNetworkId : !address.startsWith('0x')) ? services.solana : undefined
      if (solana) return readSolanaHistory(services, solana, address, { cursor, limit, baseUrl: requestBaseUrl(request) })
      const chain = chainId ? services.evmChains.get(chainId) : address.startsWith('0x') ? [...services.evmChains.values()][0] : undefined
      if (!chain || !address.startsWith('0x')) return { data: [], next: null }
      if (chain.history.source === 'blocks') {
        await services.indexer.sync(chain.caipNetworkId)
        return readHistory(services, app.storage, chain, address, { cursor, limit, baseUrl: requestBaseUrl(request) })
      }
      const complete = await services.logHistory.sync(chain, address)
      // Transfer logs carry no native transfers, and a first look at an old account reads its
      // blocks over several requests: both said, rather than a history that looks complete.
      const page = await readHistory(services, app.storage, chain, address, { cursor, limit, baseUrl: requestBaseUrl(request) })
      return { ...page, nativeTransfers: 'unavailable' as const, ...(complete ? {} : { partial: true }) }
    },
  )
}
