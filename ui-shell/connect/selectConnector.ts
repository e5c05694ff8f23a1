import { EventBusToken, ViewRegistryToken, ViewStackToken, type Kit, type KitConnector } from '../../kernel/index.js'
import type { WalletListing } from '../catalog/WalletListing.js'

/** The view a picked connector shows: the QR view for WalletConnect, else ConnectingExternal. */
export function connectingViewFor(connector: Pick<KitConnector, 'type'>): 'ConnectingWalletConnect' | 'ConnectingExternal' {
  return connector.type === 'WALLET_CONNECT' ? 'ConnectingWalletConnect' : 'ConnectingExternal'
}

/**
 * A visitor picked a connector: tells its plugin ('connector:selected', the shell connects)
 * and shows the matching connecting view when one is registered.
 *
 * @example
 * selectConnector(kit, connector)
 */
export function selectConnector(kit: Kit, connector: KitConnector): void {
  kit.resolve(EventBusToken).emit('connector:selected', { id: connector.id, chain: connector.chain })
  const view = connectingViewFor(connector)
  if (kit.resolve(ViewRegistryToken).has(view)) kit.resolve(ViewStackToken).push(view, { connectorId: connector.id, chain: connector.chain })
}

/**
 * A visitor picked a catalogue wallet with no connector of its own: it pairs over
 * WalletConnect ('wallet:selected'), in the QR view with that wallet's links.
 *
 * @example
 * selectCatalogueWallet(kit, wallet)
 */
export function selectCatalogueWallet(kit: Kit, wallet: WalletListing): void {
  kit.resolve(EventBusToken).emit('wallet:selected', { wallet })
  if (kit.resolve(ViewRegistryToken).has('ConnectingWalletConnect')) kit.resolve(ViewStackToken).push('ConnectingWalletConnect', { wallet })
}
