import type { Kit } from '../../kernel/index.js'
import type { KitProviderMap, ProviderNamespace } from '../providers/ProviderRegistry.js'
import type { WalletInfo } from '../kitState.js'
import type { LatchEvent } from './hostEvents.js'
import type { AccountSnapshot, ModalSnapshot, NetworkSnapshot } from './readState.js'

/**
 * The kit `createKit` returns: the kernel's, plus the host API for pages without React (each
 * method has its hook: `getAccount` ↔ `useLatchAccount`, and so on).
 */
export interface LatchKit extends Kit {
  /**
   * The provider of a namespace's active connection, for the host's own signing: for eip155 an
   * EIP-1193 provider that stays valid across account, chain and wallet changes. Undefined until
   * a plugin offers that namespace (the connectors plugin, once loaded).
   */
  getProvider<N extends ProviderNamespace>(namespace: N): KitProviderMap[N] | undefined
  /** A namespace's account, the active namespace's by default. */
  getAccount(options?: { namespace?: string }): AccountSnapshot
  getNetwork(): NetworkSnapshot
  /** Switches to a network the host listed (CAIP-2), asking the wallet when one is connected. */
  switchNetwork(caipNetworkId: string): Promise<void>
  /** Disconnects one namespace, or every one; resolves within SPEC §9's 3 s. */
  disconnect(options?: { namespace?: string }): Promise<void>
  getWalletInfo(): WalletInfo | undefined
  getModalState(): ModalSnapshot
  /** The active account's balance (SPEC §5: floored to 3 decimals) and symbol. */
  getBalance(): { balance: string | undefined; symbol: string | undefined }
  /** Re-reads the active account's balance; rejects with 'Token Balance Unavailable' when no RPC URL answers. */
  refreshBalance(): Promise<void>
  /**
   * Switches the modal's language live ('ar', 'ja', 'en-XA'); resolves once the loaded
   * catalogues have that locale's messages (fetched on first use), English meanwhile.
   */
  setLocale(locale: string): Promise<void>
  /** Calls `listener` with every host event (open, close, connect, network...); returns the unsubscribe. */
  subscribeEvents(listener: (event: LatchEvent) => void): () => void
}
