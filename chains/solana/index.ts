// The solana entry: discovery is light (@wallet-standard/app); web3.js loads on connect.
export { solanaConnectors, createSolanaConnector } from './solanaConnectors.js'
export { isSolanaWallet } from './WalletStandardSolana.js'
export type { SolanaWalletFeatures } from './WalletStandardSolana.js'
export type { SolanaAdapter } from './adapter.js'
export type { KitSolanaProvider } from './createKitSolanaProvider.js'
