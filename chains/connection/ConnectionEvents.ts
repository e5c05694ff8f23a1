import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../caip/ChainNamespace.js'

/** Facts the connection store reports; the connectors plugin emits them on the kit's bus. */
export interface ConnectionEventMap {
  'wallet:connected': { namespace: ChainNamespace; connectorId: string; caipAddress: CaipAddress; restored: boolean }
  'wallet:disconnected': { namespace: ChainNamespace; connectorId: string | undefined }
  'wallet:accountChanged': { namespace: ChainNamespace; caipAddress: CaipAddress }
  'network:changed': { namespace: ChainNamespace; caipNetworkId: CaipNetworkId }
}

export type ConnectionEventName = keyof ConnectionEventMap
export type ConnectionEmit = <E extends ConnectionEventName>(event: E, payload: ConnectionEventMap[E]) => void
