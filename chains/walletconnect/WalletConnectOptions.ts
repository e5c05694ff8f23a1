
/** Options of the WalletConnect connector. */
/** The public WalletConnect network's relay: with it, a project id from WalletConnect Cloud. */
export const PUBLIC_WALLETCONNECT_RELAY = 'wss://relay.walletconnect.org'

export interface WalletConnectOptions {
  /** The backend project's id with its relay; a WalletConnect Cloud project id with `PUBLIC_WALLETCONNECT_RELAY`. */
  projectId: string
  /** The relay: the project's (`ws://127.0.0.1:5545/relay`) or the public network's (`PUBLIC_WALLETCONNECT_RELAY`). Required: the kit calls no host the page did not name. */
  relayUrl: string
  /**
   * The WalletConnect Verify API (the public network's check of the page's domain, shown by wallets):
   * off by default, answered locally with "no attestation" so nothing is fetched from its host.
   * Turn it on with the public relay and a real project id.
   */
  verify?: boolean
  /** The dapp as wallets show it (WalletConnect session metadata). */
  metadata: { name: string; url: string; description: string; icons: string[] }
  /** Keeps several clients apart in one page or process. */
  storagePrefix?: string
  /** eip155 methods requested in the session. */
  methods?: readonly string[]
  /** Overrides the Telegram / iOS Safari detection (tests). */
  reusePairing?: () => boolean
}

/** What the kit asks of an eip155 session by default. */
export const DEFAULT_EIP155_METHODS = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
] as const
