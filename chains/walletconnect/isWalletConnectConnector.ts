import type { KitConnector } from '../connectors/KitConnector.js'
import type { WalletConnectConnector } from './walletConnect.js'

// Its own module, apart from walletConnect.ts: code that only asks "is this WalletConnect?"
// (the connect plugin's views) must not pull in the lazy import of @walletconnect/*, an optional
// peer a host without WalletConnect never installs (its bundler would fail to resolve it).
/**
 * Whether a registered connector is the WalletConnect connector, with its pairing store. Told
 * apart without reading `pairing`, which would make the store.
 *
 * @example
 * const wc = registry.get(WALLET_CONNECT_ID)
 * if (wc && isWalletConnectConnector(wc)) wc.pairing.uri
 */
export function isWalletConnectConnector(connector: KitConnector): connector is WalletConnectConnector {
  return connector.type === 'WALLET_CONNECT' && typeof (connector as Partial<WalletConnectConnector>).onPairingMade === 'function'
}
