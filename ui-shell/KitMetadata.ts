/** Dapp metadata shown to wallets (SPEC §3). */
export interface KitMetadata {
  name: string
  description?: string
  url?: string
  icons?: string[]
}
