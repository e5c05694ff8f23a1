import type { OpenArgs, ViewEntry } from '../../kernel/index.js'

/** What the opening rules need to know, read from the kit's state by the caller. */
export interface OpeningContext {
  activeNamespace: string | undefined
  /** Namespaces with a live connection. */
  connectedNamespaces: readonly string[]
  /** The network to switch to for each namespace (its first listed network). */
  defaultNetworkByNamespace: Readonly<Record<string, string>>
  isConnected: boolean
  /** No chain adapter but WalletConnect, or WalletConnect in manual mode. */
  walletConnectOnly: boolean
  isMobile: boolean
  hasView(view: string): boolean
}

/**
 * SPEC §2's five opening rules, in order:
 * 1. a namespace that differs from the active chain: switch network (SwitchNetwork when that
 *    namespace is connected, else SwitchActiveChain, which leads on to Connect);
 * 2. no adapters or WalletConnect in manual mode, and not connected: AllWallets on mobile,
 *    ConnectingWalletConnectBasic otherwise;
 * 3. a requested view; 4. Account when an address exists; 5. Connect.
 */
export function pickOpeningEntry(args: OpenArgs, context: OpeningContext): ViewEntry {
  const target = args.namespace ? context.defaultNetworkByNamespace[args.namespace] : undefined
  if (args.namespace && target && args.namespace !== context.activeNamespace) {
    const view = context.connectedNamespaces.includes(args.namespace) ? 'SwitchNetwork' : 'SwitchActiveChain'
    if (context.hasView(view)) return { view, data: { caipNetworkId: target } }
  }
  if (context.walletConnectOnly && !context.isConnected) {
    const view = context.isMobile ? 'AllWallets' : 'ConnectingWalletConnectBasic'
    if (context.hasView(view)) return { view }
  }
  if (args.view && context.hasView(args.view)) return { view: args.view, data: args.data }
  if (context.isConnected && context.hasView('Account')) return { view: 'Account' }
  return { view: 'Connect' }
}
