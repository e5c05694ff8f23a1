import type { FastifyPluginAsync } from 'fastify'
import type { WalletCatalogue } from '../catalogue/loadWalletCatalogue.js'
import type { WalletListing } from '../catalogue/WalletListing.js'
import { projectProperties } from './schemas.js'

export interface WalletRoutesOptions {
  catalogue: WalletCatalogue
}

interface WalletsQuery {
  projectId: string
  page: number
  entries: number
  search?: string
  badge_type?: 'certified' | 'none'
  include?: string
  exclude?: string
  chains?: string
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

function listOf(value: string | undefined): Set<string> | undefined {
  if (!value) return undefined
  const items = value.split(',').filter(Boolean)
  return items.length ? new Set(items) : undefined
}

/**
 * SPEC §7 `GET /getWallets`: the catalogue filtered by `include`, `exclude`, `chains`,
 * `badge_type` and `search` (case-insensitive, names starting with it first), paged by
 * `page` (from 1) and `entries` (40 by default, SPEC §9) → `{ count, data }`.
 */
export const walletRoutes: FastifyPluginAsync<WalletRoutesOptions> = async (app, { catalogue }) => {
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
    async (request) => {
      const { page, entries, search, badge_type: badge } = request.query
      const include = listOf(request.query.include)
      const exclude = listOf(request.query.exclude)
      const chains = listOf(request.query.chains)
      const needle = search?.trim().toLowerCase()
      let matches = catalogue.wallets.filter(
        (wallet) =>
          (!include || include.has(wallet.id)) &&
          (!exclude || !exclude.has(wallet.id)) &&
          (!badge || wallet.badge_type === badge) &&
          (!chains || wallet.chains.some((chain) => chains.has(chain))) &&
          (!needle || catalogue.searchNames.get(wallet)!.includes(needle)),
      )
      if (needle) {
        const rank = (wallet: WalletListing) => (catalogue.searchNames.get(wallet)!.startsWith(needle) ? 0 : 1)
        matches = matches.sort((a, b) => rank(a) - rank(b) || a.order - b.order)
      }
      const start = (page - 1) * entries
      return { count: matches.length, data: matches.slice(start, start + entries) }
    },
  )
}
