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

/**
 * Turns off the WalletConnect client's own reopening for the current session: it follows
 * whatever `WALLETCONNECT_DEEPLINK_CHOICE` holds in this origin's storage, unchecked (a stored
 * `javascript:` link included). The kit reopens the wallet itself (`reopenChosenWallet`) from a
 * choice it checked. Called before each request; a session already marked is left alone.
 */
export async function disableClientDeepLink(provider: UniversalProvider): Promise<void> {
  const topic = provider.session?.topic
  if (!topic) return
  try {
    const { sessionConfig } = provider.client.session.get(topic)
    if (sessionConfig?.disableDeepLink) return
    await provider.client.session.update(topic, { sessionConfig: { ...sessionConfig, disableDeepLink: true } })
  } catch {
    // No such session (it just ended): the request fails on its own.
  }
}
