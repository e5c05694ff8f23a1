import type { ChainConnector, MultiChainConnector } from './ChainConnector.js'

/**
 * A MULTI_CHAIN connector: one wallet entry that connects several namespaces at once,
 * each through its own connector (for example a wallet with an EVM and a Solana side).
 *
 * @param params - id, name, image and the per-namespace connectors
 * @returns the connector, to register or to pass to the connectors plugin
 *
 * @example
 * createMultiChainConnector({ id: 'phantom', name: 'Phantom', connectors: [evm, sol] })
 */
export function createMultiChainConnector(params: {
  id: string
  name: string
  imageUrl?: string
  connectors: readonly ChainConnector[]
}): MultiChainConnector {
  return { id: params.id, name: params.name, imageUrl: params.imageUrl, type: 'MULTI_CHAIN', connectors: params.connectors }
}
