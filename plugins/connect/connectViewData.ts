import type { WalletListing } from './catalog/WalletListing.js'

/** What ConnectingExternal is opened with: the connector picked, and its namespace for a multi-chain wallet. */
export interface ConnectingExternalData {
  connectorId: string
  chain?: string
}

/** What ConnectingWalletConnect is opened with: a catalogue wallet, or nothing (the WalletConnect row). */
export interface ConnectingWalletConnectData {
  wallet?: WalletListing
}

// The connect views' data, added to the kernel's `ViewDataMap` so `push` and the views agree.
declare module '../../kernel/views/ViewRegistry.js' {
  interface ViewDataMap {
    ConnectingExternal: ConnectingExternalData
    ConnectingWalletConnect: ConnectingWalletConnectData
  }
}
