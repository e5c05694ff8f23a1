import type { ConnectorsOptions } from './ConnectorsOptions.js'

// The plugin definition stays a plain object while its setup loads lazily; the options
// travel by key so setup.ts need not be imported eagerly.
const registry = new Map<symbol, ConnectorsOptions>()

export function setConnectorsOptions(options: ConnectorsOptions): symbol {
  const key = Symbol('connectors-options')
  registry.set(key, options)
  return key
}

export function getConnectorsOptions(key: symbol): ConnectorsOptions {
  const options = registry.get(key)
  if (!options) throw new Error('connectors: options not found')
  return options
}
