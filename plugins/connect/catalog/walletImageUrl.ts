import { safeImageUrl, type HttpClient } from '../../../ui-shell/plugin.js'
import type { WalletListing } from './WalletListing.js'

/** The image of a wallet: its own URL if safe, else the catalogue's `/getWalletImage/{id}`. */
export function walletImageUrl(wallet: WalletListing, api: HttpClient | undefined): string | undefined {
  const own = safeImageUrl(wallet.image_url)
  if (own) return own
  if (!wallet.image_id || !api) return undefined
  return api.url(`/getWalletImage/${encodeURIComponent(wallet.image_id)}`)
}
