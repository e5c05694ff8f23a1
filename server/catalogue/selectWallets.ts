import type { WalletCatalogue } from './WalletCatalogue.js'
import type { WalletListing } from './WalletListing.js'

/** What `GET /getWallets` asks for, validated (SPEC §7). */
export interface WalletQuery {
  page: number
  entries: number
  search?: string
  badge_type?: 'certified' | 'none'
  /** Comma lists of wallet ids or CAIP-2 networks. */
  include?: string
  exclude?: string
  chains?: string
}

function setOf(value: string | undefined): Set<string> | undefined {
  if (!value) return undefined
  const items = value.split(',').filter(Boolean)
  return items.length ? new Set(items) : undefined
}

/**
 * One page of the catalogue: filtered by `include`, `exclude`, `chains`, `badge_type` and
 * `search` (case-insensitive, names starting with it first), then paged by `page` (from 1) and
 * `entries`.
 *
 * @param catalogue - the wallets
 * @param query - the validated query
 * @returns the matching count and the page's wallets, as `/getWallets` answers them
 * @example
 * selectWallets(catalogue, { page: 1, entries: 40, search: 'meta' }) // { count: 3, data: [MetaMask, …] }
 */
export function selectWallets(catalogue: WalletCatalogue, query: WalletQuery): { count: number; data: WalletListing[] } {
  const include = setOf(query.include)
  const exclude = setOf(query.exclude)
  const chains = setOf(query.chains)
  const badge = query.badge_type
  const needle = query.search?.trim().toLowerCase()
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
  const start = (query.page - 1) * query.entries
  return { count: matches.length, data: matches.slice(start, start + query.entries) }
}
