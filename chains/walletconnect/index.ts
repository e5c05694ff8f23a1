// The WalletConnect entry: the connector is light; universal-provider loads on connect.
export { createWalletConnectConnector, walletConnect } from './walletConnect.js'
export { isWalletConnectConnector } from './isWalletConnectConnector.js'
export { WALLET_CONNECT_ID } from './walletConnectId.js'
export type { WalletConnectConnector } from './walletConnect.js'
export type { WalletConnectOptions } from './WalletConnectOptions.js'
export { DEFAULT_EIP155_METHODS, PUBLIC_WALLETCONNECT_RELAY } from './WalletConnectOptions.js'
// The store's type only: its code needs MobX, and loads with the kit (`connector.loadPairingStore()`).
export type { PairingStatus, WalletConnectStore } from './WalletConnectStore.js'
export { PAIRING_TTL_MS, PAIRING_EXPIRY_MARGIN_MS } from './pairingTimes.js'
export { createWalletLink } from './createWalletLink.js'
export { walletLinks } from './walletLinks.js'
export type { WalletListingLinks } from './walletLinks.js'
export { shouldReusePairing } from './shouldReusePairing.js'
