import type UniversalProvider from '@walletconnect/universal-provider'
import type { PeerWallet } from '../adapter/ChainAdapter.js'

/**
 * The wallet at the other end of a WalletConnect session, as its metadata names it: what the
 * visitor knows it by, where the connector alone would say "WalletConnect". Only an https or
 * data:image icon is kept; the name is text the views escape.
 */
export function peerWalletOf(provider: UniversalProvider): PeerWallet | undefined {
  const metadata = provider.session?.peer.metadata
  const name = typeof metadata?.name === 'string' ? metadata.name.trim().slice(0, 64) : ''
  if (!name) return undefined
  const icon = metadata?.icons?.find((url) => typeof url === 'string' && /^(https:|data:image\/)/.test(url))
  return { name, icon }
}
