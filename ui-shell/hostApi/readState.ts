import type { KitState } from '../../kernel/index.js'
import type { EmbeddedWalletInfo, KitNetwork, NamespaceAccount, WalletInfo } from '../kitState.js'

/** What `useLatchAccount` and `kit.getAccount` report. */
export interface AccountSnapshot extends NamespaceAccount {
  namespace: string | undefined
  isConnected: boolean
  /** Set while the account is the embedded wallet's (email or social login). */
  embeddedWalletInfo: EmbeddedWalletInfo | undefined
}

/** What `useLatchNetwork` and `kit.getNetwork` report. */
export interface NetworkSnapshot {
  caipNetwork: KitNetwork | undefined
  caipNetworkId: string | undefined
  /** The chain reference (a number for eip155). */
  chainId: number | string | undefined
  networkName: string | undefined
}

/** What `useLatchState` and `kit.getModalState` report. */
export interface ModalSnapshot {
  open: boolean
  view: string | undefined
  /** The kit is starting, or a connection is being made or restored. */
  loading: boolean
  activeNamespace: string | undefined
  ready: boolean
}

/** A namespace's account (the active namespace's by default). */
export function readAccount(state: KitState, namespace = state.activeNamespace): AccountSnapshot {
  const account = namespace ? state.accounts?.[namespace] : undefined
  const status = account?.status ?? 'disconnected'
  return {
    namespace,
    address: account?.address,
    caipAddress: account?.caipAddress,
    status,
    allAccounts: account?.allAccounts ?? [],
    isConnected: status === 'connected' && Boolean(account?.address),
    // The embedded wallet's state describes the active account only.
    embeddedWalletInfo: namespace === state.activeNamespace ? state.embeddedWalletInfo : undefined,
  }
}

export function readNetwork(state: KitState): NetworkSnapshot {
  return {
    caipNetwork: state.caipNetwork,
    caipNetworkId: state.caipNetworkId,
    chainId: state.caipNetwork?.id,
    networkName: state.networkName,
  }
}

export function readModal(state: KitState): ModalSnapshot {
  return {
    open: state.open ?? false,
    view: state.view,
    loading: !state.ready || state.status === 'connecting' || state.status === 'reconnecting',
    activeNamespace: state.activeNamespace,
    ready: state.ready,
  }
}

export function readWalletInfo(state: KitState): WalletInfo | undefined {
  return state.walletInfo
}

/** The active account's balance, floored to 3 decimals (SPEC §5), with its symbol. */
export function readBalance(state: KitState): { balance: string | undefined; symbol: string | undefined } {
  return { balance: state.balance, symbol: state.balanceSymbol }
}
