import type { WalletListing } from './WalletListing.js'

/**
 * The wallet catalogue in memory, with its lookups and a version that changes whenever its
 * wallets do, so answers cached from it (`ResponseCache`) know when they are stale.
 */
export class WalletCatalogue {
  /** Sorted by rank (`order`). */
  wallets: WalletListing[] = []
  byId = new Map<string, WalletListing>()
  byImageId = new Map<string, WalletListing>()
  /** Lower-cased names, by wallet: search would otherwise lower-case 5,000 names per request. */
  searchNames = new Map<WalletListing, string>()
  /** Bumped by every `replace`. */
  version = 0

  constructor(wallets: WalletListing[]) {
    this.replace(wallets)
  }

  /**
   * Serves another set of wallets from now on (a reloaded data file, say); every cached page,
   * search and wallet image of the old set stops being served.
   *
   * @param wallets - the new catalogue, in any order
   * @example
   * server.catalogue.replace(JSON.parse(readFileSync('wallets.json', 'utf8')))
   */
  replace(wallets: WalletListing[]): void {
    this.wallets = [...wallets].sort((a, b) => a.order - b.order)
    this.byId = new Map(this.wallets.map((wallet) => [wallet.id, wallet]))
    this.byImageId = new Map(this.wallets.map((wallet) => [wallet.image_id, wallet]))
    this.searchNames = new Map(this.wallets.map((wallet) => [wallet, wallet.name.toLowerCase()]))
    this.version++
  }
}
