// The bip122 entry: Wallet Standard bitcoin wallets, payment accounts only.
export { bitcoinConnectors, createBitcoinConnector } from './bitcoinConnectors.js'
export { isBitcoinWallet, isPaymentAccount } from './WalletStandardBitcoin.js'
export type { BitcoinWalletAccount, BitcoinWalletFeatures } from './WalletStandardBitcoin.js'
export type { BitcoinAdapter } from './adapter.js'
export type { KitBitcoinProvider } from './createKitBitcoinProvider.js'
