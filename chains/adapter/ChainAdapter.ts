import type { CaipNetworkId, ChainNamespace } from '../caip/ChainNamespace.js'
import type { Network } from '../networks/Network.js'

/** Account kinds (SPEC §4 preferred account types; bip122 exposes payment accounts only). */
export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinal'

/** An account a wallet exposes (SPEC §3 'Account'). */
export interface Account {
  namespace: ChainNamespace
  address: string
  type: AccountType
  publicKey?: string
  path?: string
}

/** A native or token balance. `formatted` is the decimal string, never rounded. */
export interface Balance {
  value: bigint
  decimals: number
  symbol: string
  formatted: string
}

/** What a connect returns: the accounts granted and the network the wallet is on. */
export interface AdapterSession {
  accounts: Account[]
  caipNetworkId: CaipNetworkId
  /** The wallet at the other end, when the connector is a channel to many wallets (WalletConnect's peer). */
  wallet?: PeerWallet
}

/** A remote wallet's own name and icon, as it describes itself (WalletConnect session metadata). */
export interface PeerWallet {
  name: string
  icon?: string
}

/** What a wallet told us after connecting. */
export type AdapterEvent =
  | { type: 'accountsChanged'; accounts: Account[] }
  | { type: 'chainChanged'; caipNetworkId: CaipNetworkId }
  | { type: 'disconnect' }

export interface SendTransactionParams {
  network: Network
  from: string
  to: string
  /** In the smallest unit (wei, lamports). */
  amount: bigint
  /** A token contract (ERC20) or mint (SPL); native when absent. */
  token?: { address: string; decimals?: number }
}

/** Services the kit hands every adapter. */
export interface AdapterContext {
  networks: readonly Network[]
  /** The RPC URLs the kit may call for a network, best first (possibly none). */
  rpcUrls(network: Network): string[]
}

/**
 * One namespace's chain SDK behind one interface, bound to one wallet. The connection store
 * calls only this; each namespace's adapter file is the only one importing its SDK.
 */
export interface ChainAdapter {
  readonly namespace: ChainNamespace
  /** Asks the wallet for accounts; `silent` only reads what it already granted (reconnect). */
  connect(params: { network?: Network; silent?: boolean }): Promise<AdapterSession>
  disconnect(): Promise<void>
  switchNetwork(network: Network): Promise<void>
  getBalance(params: { address: string; network: Network }): Promise<Balance>
  /** Signs a UTF-8 message; returns the wallet's signature encoding for the namespace. */
  signMessage(params: { address: string; message: string }): Promise<string>
  /** Sends native coin or a token; returns the transaction hash or signature. */
  sendTransaction?(params: SendTransactionParams): Promise<string>
  /** Listens to wallet events; returns the remover. */
  onEvent(listener: (event: AdapterEvent) => void): () => void
  /** Releases clients and listeners. */
  dispose(): void
}
