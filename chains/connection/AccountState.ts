import type { Account, AccountType } from '../adapter/ChainAdapter.js'
import type { CaipAddress, ChainNamespace } from '../caip/ChainNamespace.js'

/** Connection status of one namespace (SPEC §4). */
export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting'

/** A token balance (SPEC §3). */
export interface TokenBalance {
  name: string
  symbol: string
  chainId: string
  address?: string
  value?: number
  price: number
  iconUrl?: string
  quantity: { decimals: string; numeric: string }
}

/** What the kit shows of the connected wallet. */
export interface ConnectedWalletInfo {
  id: string
  name: string
  type: string
  icon?: string
  rdns?: string
}

/** Account state per namespace, with every field of SPEC §3. */
export interface AccountState {
  caipAddress: CaipAddress | undefined
  address: string | undefined
  balance: string | undefined
  balanceSymbol: string | undefined
  profileName: string | undefined
  profileImage: string | undefined
  addressExplorerUrl: string | undefined
  tokenBalance: TokenBalance[]
  smartAccountDeployed: boolean
  currentTab: number
  status: ConnectionStatus
  user: unknown
  allAccounts: Account[]
  preferredAccountTypes: Partial<Record<ChainNamespace, AccountType>>
  socialProvider: string | undefined
  farcasterUrl: string | undefined
  connectedWalletInfo: ConnectedWalletInfo | undefined
  addressLabels: Record<string, string>
}

/** Defaults of SPEC §4: eip155 smartAccount, solana and polkadot eoa, bip122 payment. */
export const DEFAULT_PREFERRED_ACCOUNT_TYPES: Record<ChainNamespace, AccountType> = {
  eip155: 'smartAccount',
  solana: 'eoa',
  polkadot: 'eoa',
  bip122: 'payment',
  cosmos: 'eoa',
}

/** A fresh, disconnected account state: what reset leaves (SPEC §4). */
export function emptyAccountState(namespace: ChainNamespace): AccountState {
  return {
    caipAddress: undefined,
    address: undefined,
    balance: undefined,
    balanceSymbol: undefined,
    profileName: undefined,
    profileImage: undefined,
    addressExplorerUrl: undefined,
    tokenBalance: [],
    smartAccountDeployed: false,
    currentTab: 0,
    status: 'disconnected',
    user: undefined,
    allAccounts: [],
    preferredAccountTypes: { [namespace]: DEFAULT_PREFERRED_ACCOUNT_TYPES[namespace] },
    socialProvider: undefined,
    farcasterUrl: undefined,
    connectedWalletInfo: undefined,
    addressLabels: {},
  }
}
