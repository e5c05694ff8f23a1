// The polkadot entry: @polkadot/extension-dapp (about 205 KB gzip) loads on connect only.
export { polkadotConnectors, createPolkadotConnector } from './polkadotConnectors.js'
export type { PolkadotAdapter } from './adapter.js'
export type { KitPolkadotProvider } from './createKitPolkadotProvider.js'
