
/** Options of the WalletConnect connector. */
export interface WalletConnectOptions {
  projectId: string
  /** The relay, e.g. `ws://127.0.0.1:5545/relay`. Required: the kit calls no host the page did not name. */
  relayUrl: string
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
