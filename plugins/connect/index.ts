import { definePlugin } from '../../kernel/loader/definePlugin.js'
export type {} from './ConnectOptions.js'
import './connectViewData.js'

/** Options of the connect plugin. */
export interface ConnectPluginOptions {
  /** Deadline for the plugin's setup; defaults to the kit's. */
  setupTimeoutMs?: number
}

/**
 * The connection flow (SPEC §2): the Connect view with the wallet list as its 'wallet' method,
 * the connecting views (external wallet, WalletConnect QR code), and AllWallets when the host
 * configured a catalogue (`apiUrl`). It connects through the connectors plugin; its code loads
 * with the kit.
 *
 * @param options - the setup deadline
 * @returns the plugin definition
 *
 * @example
 * createKit({ projectId, apiUrl }, [connectors({ networks, sources: [eip155Connectors()] }), connect()])
 */
export const connect = (options: ConnectPluginOptions = {}) =>
  definePlugin({
    id: 'connect',
    requires: ['connectors'],
    setupTimeoutMs: options.setupTimeoutMs,
    load: () => import('./setup.js'),
  })

export {
  ConnectFlowStoreToken,
  ConnectWalletsStoreToken,
  LegalConsentStoreToken,
  WalletCatalogStoreToken,
  WalletConnectPairingStoreToken,
} from './connectTokens.js'
export type { ConnectFlowStore, ConnectFlowStatus } from './stores/ConnectFlowStore.js'
export type { ConnectWalletsStore } from './stores/ConnectWalletsStore.js'
export type { LegalConsentStore } from './stores/LegalConsentStore.js'
export type { WalletConnectPairingStore } from './stores/WalletConnectPairingStore.js'
export type { WalletItem, WalletSection } from './stores/buildWalletList.js'
export type { WalletCatalogStore } from './catalog/WalletCatalogStore.js'
export type { WalletListing, WalletPage, WalletQuery } from './catalog/WalletListing.js'
export type { ConnectingExternalData, ConnectingWalletConnectData } from './connectViewData.js'
