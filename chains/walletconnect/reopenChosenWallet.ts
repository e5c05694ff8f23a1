import type UniversalProvider from '@walletconnect/universal-provider'
import type { WalletConnectStore } from './WalletConnectStore.js'

/** Where a wallet link opens: the top page from inside a frame, a web wallet in a new tab, an app in place. */
function linkTarget(link: string): '_top' | '_blank' | '_self' {
  if (window.top !== window.self) return '_top'
  return /^https?:/i.test(link) ? '_blank' : '_self'
}

/**
 * Each request sent to the wallet reopens the wallet app the visitor paired with by link (SPEC
 * §3 'deeplink choice'), as WalletConnect's own clients do: `<link>wc?requestId=…&sessionTopic=…`,
 * so a visitor on a phone lands in that app with the request waiting. Only a choice the store
 * checked (http(s) or a registered scheme) is ever opened.
 *
 * @returns the remover
 */
export function reopenChosenWallet(provider: UniversalProvider, store: WalletConnectStore): () => void {
  const onSent = ({ id, topic }: { id: number; topic: string }) => {
    const choice = store.linkChoice
    if (!choice || typeof window === 'undefined') return
    const link = `${choice.href}wc?requestId=${encodeURIComponent(String(id))}&sessionTopic=${encodeURIComponent(topic)}`
    window.open(link, linkTarget(link), 'noopener,noreferrer')
  }
  provider.client.on('session_request_sent', onSent)
  return () => void provider.client.off('session_request_sent', onSent)
}
