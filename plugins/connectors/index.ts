import { definePlugin } from '../../kernel/loader/definePlugin.js'
import type { ConnectorsOptions } from './ConnectorsOptions.js'
import './events.js'

/**
 * The connectors plugin: wallet discovery, the connection store and its actions.
 *
 * @param options - networks, connector sources and fixed connectors
 * @returns the plugin definition; its code loads on first use
 *
 * @example
 * createKit({ projectId }, [connectors({ networks, sources: [eip155Connectors()] })])
 */
export function connectors(options: ConnectorsOptions) {
  return definePlugin({
    id: 'connectors',
    load: async () => {
      const { createConnectorsSetup } = await import('./setup.js')
      return { default: createConnectorsSetup(options) }
    },
  })
}

export { ConnectionStoreToken } from './ConnectionStoreToken.js'
// The registry's type only: the plugin makes it, with MobX, when the kit starts.
export type { ConnectorRegistry } from './ConnectorRegistry.js'
export { ConnectorRegistryToken } from './ConnectorRegistryToken.js'
export type { ConnectorsOptions } from './ConnectorsOptions.js'
export type { ConnectionEventMap } from './events.js'
