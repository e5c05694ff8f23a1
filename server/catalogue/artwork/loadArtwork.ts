import { ASSET_ICONS, TOKEN_ICONS, WALLET_ICONS } from './artworkNames.js'
import { readWeb3Icon } from './readWeb3Icon.js'
import { socialMarkSvg } from './socialMarkSvg.js'
import { SOCIAL_MARKS } from './socialMarks.js'

/** Brand artwork from npm packages, read once at start; what is absent keeps our drawn badge. */
export interface Artwork {
  /** `/public/getAssetImage` ids: networks (ours and AppKit's), AppKit's connectors, `social-{provider}`. */
  assets: Map<string, string>
  /** `/public/getTokenImage` symbols. */
  tokens: Map<string, string>
  /** Wallet icons by catalogue wallet name. */
  wallets: Map<string, string>
}

/** Reads each table of `artworkNames.ts` into SVG sources. */
export async function loadArtwork(): Promise<Artwork> {
  const read = async <K>(entries: Array<[K, Promise<string | undefined>]>) => {
    const found = new Map<K, string>()
    for (const [key, svg] of entries) {
      const source = await svg
      if (source) found.set(key, source)
    }
    return found
  }
  const [assets, tokens, wallets] = await Promise.all([
    read(Object.entries(ASSET_ICONS).map(([id, icon]) => [id, readWeb3Icon(icon.kind, icon.name)])),
    read(TOKEN_ICONS.map((symbol) => [symbol, readWeb3Icon('tokens', symbol)])),
    read(Object.entries(WALLET_ICONS).map(([name, file]) => [name, readWeb3Icon('wallets', file)])),
  ])
  for (const [provider, icon] of Object.entries(SOCIAL_MARKS)) assets.set(`social-${provider}`, socialMarkSvg(icon))
  return { assets, tokens, wallets }
}
