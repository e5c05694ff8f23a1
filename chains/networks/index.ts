export type { Network } from './Network.js'
export { SUPPORTED_NETWORKS } from './supportedNetworks.js'
export {
  BITCOIN_NETWORK,
  BITCOIN_TESTNET_NETWORK,
  POLKADOT_NETWORK,
  localEvmNetwork,
  localSolanaNetwork,
} from './localNetworks.js'
export { resolveRpcUrls } from './resolveRpcUrls.js'
export type { ResolveRpcUrlsOptions } from './resolveRpcUrls.js'
