import type { AdapterContext, ChainAdapter } from '../adapter/ChainAdapter.js'
import type { ChainNamespace } from '../caip/ChainNamespace.js'
import type { ChainConnector } from './ChainConnector.js'

export interface ExternalConnectorParams {
  id: string
  name: string
  chain: ChainNamespace
  imageUrl?: string
  info?: { rdns?: string; icon?: string }
  /** Builds the adapter; import the wallet's SDK inside, lazily. */
  createAdapter(context: AdapterContext): Promise<ChainAdapter>
  isAvailable?(): boolean
}

/**
 * A third-party connector (SPEC §3 EXTERNAL): any wallet a plugin author wires in by giving
 * a chain adapter. See examples/custom-connector/ for one over an EIP-1193 provider.
 *
 * @param params - listing fields and the adapter factory
 * @returns the connector
 *
 * @example
 * createExternalConnector({ id: 'acme', name: 'Acme', chain: 'eip155', createAdapter })
 */
export function createExternalConnector(params: ExternalConnectorParams): ChainConnector {
  return { ...params, type: 'EXTERNAL' }
}
