import type { KitConnector } from './KitConnector.js'
import type { AdapterContext, ChainAdapter } from '../adapter/ChainAdapter.js'
import type { ChainNamespace } from '../caip/ChainNamespace.js'

/**
 * A connector the connection store can use: the kernel's listing plus a way to reach the
 * wallet. `createAdapter` is where a namespace's SDK is imported, lazily.
 */
export interface ChainConnector extends KitConnector {
  chain: ChainNamespace
  /** Builds the adapter bound to this wallet. */
  createAdapter(context: AdapterContext): Promise<ChainAdapter>
  /** Whether the wallet is reachable now; false makes a saved connection end disconnected. */
  isAvailable?(): boolean
  /** The wallet's own provider object, where there is one (SPEC §3 Connector.provider). */
  readonly provider?: unknown
}

/** A connector spanning several namespaces, each through its own connector (SPEC §3 MULTI_CHAIN). */
export interface MultiChainConnector extends KitConnector {
  type: 'MULTI_CHAIN'
  connectors: readonly ChainConnector[]
}

/** Any connector the store accepts. */
export type AnyConnector = ChainConnector | MultiChainConnector

/** Whether a registered connector spans several namespaces. */
export function isMultiChainConnector(connector: KitConnector): connector is MultiChainConnector {
  return connector.type === 'MULTI_CHAIN' && Array.isArray((connector as MultiChainConnector).connectors)
}

/**
 * Something that finds wallets and registers their connectors, live: an EIP-6963 listener,
 * a Wallet Standard registry, a WalletConnect option. `start` returns its stop.
 */
export interface ConnectorSource {
  readonly id: string
  /** Loads what its connectors need before `start` registers them; the connectors plugin awaits it. */
  prepare?(): Promise<void>
  start(register: (connector: AnyConnector) => () => void): () => void
}
