/** A wallet of the catalogue (SPEC §3 'Wallet listing'). */
export interface WalletListing {
  id: string
  name: string
  image_id?: string
  image_url?: string
  mobile_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
  rdns?: string | null
  chains?: string[]
}

/** One page of `GET /getWallets`. */
export interface WalletPage {
  data: WalletListing[]
  count: number
}

/** Query parameters of `GET /getWallets` (SPEC §7). */
export interface WalletQuery {
  page: number
  entries: number
  search?: string
  badge_type?: string
  include?: string[]
  exclude?: string[]
  chains?: string[]
}

/** SPEC §9: page size 40; search 100 entries, results delayed at least 300 ms. */
export const WALLET_PAGE_SIZE = 40
export const WALLET_SEARCH_ENTRIES = 100
export const WALLET_SEARCH_MIN_DELAY_MS = 300
