import type UniversalProvider from '@walletconnect/universal-provider'
import type { PeerWallet } from '../adapter/ChainAdapter.js'

/** The longest wallet name the modal shows, in characters (code points), its ellipsis included. */
export const PEER_NAME_MAX = 64
/** A data: icon larger than this is refused: a peer must not park megabytes in the kit's state and storage. */
const DATA_ICON_MAX = 64 * 1024
/** Control characters and the bidirectional overrides and isolates, with which a name could reorder how it reads. */
const UNSEEN = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i

/**
 * A peer's name as the modal may show it: text only (the views escape it), without control or
 * direction characters, whitespace collapsed, and cut at `PEER_NAME_MAX` characters with an
 * ellipsis, never silently or inside a character.
 */
function peerName(name: unknown): string {
  if (typeof name !== 'string') return ''
  const characters = [...name.replace(UNSEEN, '').replace(/\s+/g, ' ').trim()]
  return characters.length <= PEER_NAME_MAX ? characters.join('') : `${characters.slice(0, PEER_NAME_MAX - 1).join('')}…`
}

/** The first icon that is an https URL or a small `data:image/` URL; script (`javascript:`, `data:text/html`) and plain http are refused. */
function peerIcon(icons: unknown): string | undefined {
  if (!Array.isArray(icons)) return undefined
  return icons.find((url): url is string => {
    if (typeof url !== 'string') return false
    if (DATA_IMAGE.test(url)) return url.length <= DATA_ICON_MAX
    try {
      return new URL(url).protocol === 'https:'
    } catch {
      return false
    }
  })
}

/**
 * The wallet at the other end of a WalletConnect session, as its metadata names it: what the
 * visitor knows it by, where the connector alone would say "WalletConnect". The metadata is the
 * peer's to write, so it is read as hostile (test/security/hostileWalletConnectPeer.test.ts): any
 * value of any type, a name of markup or of any length, icons that would run script.
 *
 * @param provider - the WalletConnect provider with its session
 * @returns the peer's name and icon, or undefined when it gives no usable name
 */
export function peerWalletOf(provider: UniversalProvider): PeerWallet | undefined {
  const metadata: unknown = provider.session?.peer.metadata
  if (!metadata || typeof metadata !== 'object') return undefined
  const { name, icons } = metadata as { name?: unknown; icons?: unknown }
  const shown = peerName(name)
  if (!shown) return undefined
  return { name: shown, icon: peerIcon(icons) }
}
