import type { FastifyPluginAsync } from 'fastify'
import type { WalletCatalogue } from './WalletCatalogue.js'
import { selectWallets, type WalletQuery } from './selectWallets.js'
import { ResponseCache } from './ResponseCache.js'
import { serializeResponse } from './SerializedResponse.js'
import { projectProperties } from '../http/schemas.js'
import { sendSerialized } from './sendSerialized.js'

export interface WalletRoutesOptions {
  catalogue: WalletCatalogue
}

interface WalletsQuery extends WalletQuery {
  projectId: string
}

/** A comma list of ids or CAIP-2 networks: bounded so a hostile query cannot cost much. */
const IdList = { type: 'string', maxLength: 20_000, pattern: '^[-_:,a-zA-Z0-9]*$' } as const

const WalletsQuerySchema = {
  type: 'object',
  properties: {
    ...projectProperties,
    page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
    entries: { type: 'integer', minimum: 1, maximum: 500, default: 40 },
    search: { type: 'string', maxLength: 100 },
    badge_type: { type: 'string', enum: ['certified', 'none'] },
    include: IdList,
    exclude: IdList,
    chains: IdList,
    platform: { type: 'string', maxLength: 32 },
  },
  required: ['projectId'],
} as const

/** Answers held at most: about 1,300 pages of 40 wallets. */
const CACHE_BYTES = 32 * 1024 * 1024

/** Everything a page depends on besides the catalogue's version. */
const cacheKey = (query: WalletsQuery) =>
  [query.page, query.entries, query.search?.trim().toLowerCase() ?? '', query.badge_type ?? '', query.include ?? '', query.exclude ?? '', query.chains ?? ''].join('|')

/**
 * SPEC §7 `GET /getWallets` → `{ count, data }` (`selectWallets`). Each distinct page or search
 * is serialized once per catalogue version and then sent as bytes, with an ETag: a client that
 * revalidates an unchanged page gets 304.
 */
export const walletRoutes: FastifyPluginAsync<WalletRoutesOptions> = async (app, { catalogue }) => {
  const cache = new ResponseCache(CACHE_BYTES)
  app.get<{ Querystring: WalletsQuery }>(
    '/getWallets',
    {
      schema: { querystring: WalletsQuerySchema },
      // Lists may come comma-joined (the kit) or as repeated keys (`include=a&include=b`).
      preValidation: async (request) => {
        const query = request.query as unknown as Record<string, unknown>
        for (const key of ['include', 'exclude', 'chains'])
          if (Array.isArray(query[key])) query[key] = (query[key] as unknown[]).slice(0, 1000).map(String).join(',')
      },
    },
    async (request, reply) => {
      const page = cache.get(cacheKey(request.query), catalogue.version, () => serializeResponse(selectWallets(catalogue, request.query)))
      return sendSerialized(request, reply, page, 'no-cache')
    },
  )
}
