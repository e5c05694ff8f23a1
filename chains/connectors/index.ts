// Connector contracts shared by every namespace, and the EXTERNAL and MULTI_CHAIN helpers.
export { isMultiChainConnector } from './ChainConnector.js'
export type { AnyConnector, ChainConnector, ConnectorSource, MultiChainConnector } from './ChainConnector.js'
export type { ConnectorType, KitConnector } from './KitConnector.js'
export { createExternalConnector } from './createExternalConnector.js'
export type { ExternalConnectorParams } from './createExternalConnector.js'
export { createMultiChainConnector } from './createMultiChainConnector.js'
export type { AuthConnector, AuthProvider, SocialProvider } from './AuthConnector.js'
export type {
  Account,
  AccountType,
  AdapterContext,
  AdapterEvent,
  AdapterSession,
  Balance,
  ChainAdapter,
  SendTransactionParams,
} from '../adapter/ChainAdapter.js'
