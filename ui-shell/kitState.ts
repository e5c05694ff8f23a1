// The kit state fields the shell's navigation and the host API read, added to the kernel's
// `KitStateMap`. The connectors and account plugins fill them (`ctx.contributeState`); each
// reads undefined while no plugin contributes it.
declare module '../kernel/Kit.js' {
  interface KitStateMap {
    /** The theme in force. */
    themeMode?: 'dark' | 'light'
    /** The active account's address and CAIP-10 id. */
    address?: string
    caipAddress?: string
    /** The active namespace's connection status (SPEC §4). */
    status?: 'disconnected' | 'connecting' | 'connected' | 'reconnecting'
    /** The active namespace and network (CAIP-2). */
    activeNamespace?: string
    caipNetworkId?: string
    networkName?: string
    /** Namespaces with a live connection. */
    connectedNamespaces?: readonly string[]
    /** The first network of each namespace the host listed, for `open({ namespace })`. */
    defaultNetworkByNamespace?: Readonly<Record<string, string>>
    /** SPEC §2 rule 2: no chain adapter but WalletConnect, or WalletConnect in manual mode. */
    walletConnectOnly?: boolean
    /** The active account's balance, floored to 3 decimals (SPEC §5), and its symbol. */
    balance?: string
    balanceSymbol?: string
  }
}

export {}
