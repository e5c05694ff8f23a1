/** The connector types of SPEC §3. */
export type ConnectorType = 'EXTERNAL' | 'WALLET_CONNECT' | 'INJECTED' | 'ANNOUNCED' | 'AUTH' | 'MULTI_CHAIN'

/** A connector's listing: enough to show and find it (SPEC §3 Connector). */
export interface KitConnector {
  id: string
  name: string
  type: ConnectorType
  /** The namespace it connects. */
  chain?: string
  imageUrl?: string
  imageId?: string
  explorerId?: string
  info?: { rdns?: string; icon?: string }
}
