// The kit state fields the shell's navigation and the host API read, added to the kernel's
// `KitStateMap`. The connectors and account plugins fill them (`ctx.contributeState`); each
// reads undefined while no plugin contributes it.
declare module '../kernel/Kit.js' {
  interface KitStateMap {
    /** The theme in force. */
    themeMode?: 'dark' | 'light'
    /** The modal's language (`createKit({ locale })`, `kit.setLocale()`). */
    locale?: string
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
    /** The active account's profile (SPEC §3 profileName, profileImage), when the identity service has one. */
    profileName?: string
    profileImage?: string
    /**
     * SPEC §5's auth display name when the active account is the embedded wallet's: the social
     * user name (a discord one without its trailing 0) or the email, cut above 30. Shown where
     * no registered name exists.
     */
    authDisplayName?: string
    /** Each namespace's account, connected or not (SPEC §3 account state). */
    accounts?: Readonly<Record<string, NamespaceAccount>>
    /** The active network as the host listed it. */
    caipNetwork?: KitNetwork
    /** The wallet behind the active namespace's connection. */
    walletInfo?: WalletInfo
    /** The embedded wallet's user, while it is the active connection (the embedded wallet plugin fills it). */
    embeddedWalletInfo?: EmbeddedWalletInfo
  }
}

/** Who is signed in to the embedded wallet, and with which account (SPEC §3 user, socialProvider, smartAccountDeployed). */
export interface EmbeddedWalletInfo {
  user: { email?: string; username?: string }
  /** 'email', or the social provider logged in with ('google', 'discord', …). */
  authProvider: string
  /** The kind of the account in use. */
  accountType: 'eoa' | 'smartAccount'
  isSmartAccountDeployed: boolean
}

/** One namespace's account, as the host API reports it. */
export interface NamespaceAccount {
  address: string | undefined
  caipAddress: string | undefined
  status: 'disconnected' | 'connecting' | 'connected' | 'reconnecting'
  /** Every account the wallet granted, with its kind (SPEC §4: eoa, smartAccount, payment, ordinal). */
  allAccounts: ReadonlyArray<{ address: string; type: string }>
  /** SPEC §3: whether the embedded smart account is deployed on chain (false until its first operation). */
  smartAccountDeployed?: boolean
  /** SPEC §3: a label per address of this namespace's accounts ('Smart Account', 'EOA'), where the wallet names them. */
  addressLabels?: Readonly<Record<string, string>>
  /** SPEC §3: the Farcaster sign-in link while a Farcaster login waits on the visitor. */
  farcasterUrl?: string
}

/** A network, as the host listed it (SPEC §3). */
export interface KitNetwork {
  caipNetworkId: string
  chainNamespace: string
  /** The chain reference: a number for eip155. */
  id: number | string
  name: string
  nativeCurrency: { name: string; decimals: number; symbol: string }
  testnet?: boolean
}

/** The connected wallet (SPEC §3 'connectedWalletInfo'). */
export interface WalletInfo {
  id: string
  name: string
  /** The connector type: INJECTED, ANNOUNCED, WALLET_CONNECT, EXTERNAL, AUTH. */
  type: string
  icon?: string
  rdns?: string
}

