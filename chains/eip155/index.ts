// The eip155 entry: connectors load viem and the adapter only when a visitor connects.
export { eip155Connectors } from './eip155Connectors.js'
export type { Eip155ConnectorsOptions } from './eip155Connectors.js'
export { createEip1193Connector } from './createEip1193Connector.js'
export type { Eip1193ConnectorParams } from './createEip1193Connector.js'
export type { Eip1193Provider, Eip6963ProviderInfo } from './Eip1193Provider.js'
export type { Eip155Adapter, WalletCall } from './adapter.js'
export { ProviderRpcError, ProviderErrorCode } from './ProviderRpcError.js'
export type { KitEip1193Provider } from './createKitEip1193Provider.js'
