/** One wallet of the catalogue, in the shape `/getWallets` returns (SPEC §3 wallet listing). */
export interface WalletListing {
  id: string
  name: string
  image_id: string
  /** Reverse-DNS id the wallet announces through EIP-6963, if it has an extension. */
  rdns: string | null
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  homepage: string
  /** CAIP-2 networks the wallet supports. */
  chains: string[]
  /** `certified` wallets pass `badge_type=certified`. */
  badge_type: 'certified' | 'none'
  /** Ranking: lower is better known. */
  order: number
}
