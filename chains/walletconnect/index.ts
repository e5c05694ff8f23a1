// The WalletConnect entry: the connector is light; universal-provider loads on connect.
export { createWalletConnectConnector, walletConnect } from './walletConnect.js'
export type { WalletConnectConnector } from './walletConnect.js'
export type { WalletConnectOptions } from './WalletConnectOptions.js'
export { DEFAULT_EIP155_METHODS } from './WalletConnectOptions.js'
export { WalletConnectStore, PAIRING_TTL_MS, PAIRING_EXPIRY_MARGIN_MS } from './WalletConnectStore.js'
export type { PairingStatus } from './WalletConnectStore.js'
export { createWalletLink } from './createWalletLink.js'
export { shouldReusePairing } from './shouldReusePairing.js'
