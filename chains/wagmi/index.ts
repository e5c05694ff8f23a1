// `latch/wagmi`: the kit as a wagmi connector. wagmi 3 and @wagmi/core 3 are optional peers,
// imported only by this entry.
export { latchConnector } from './latchConnector.js'
export type { LatchWagmiKit } from './latchConnector.js'
export { createLatchWagmiConfig } from './createLatchWagmiConfig.js'
export type { LatchWagmiConfigOptions } from './createLatchWagmiConfig.js'
export { NoEip155NetworkError, WagmiProviderUnavailableError } from './errors.js'
export type { KitEip1193Provider } from '../eip155/createKitEip1193Provider.js'
export { ProviderRpcError, ProviderErrorCode } from '../eip155/ProviderRpcError.js'
