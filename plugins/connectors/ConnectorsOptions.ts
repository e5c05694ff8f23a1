import type { CaipNetworkId } from '../../chains/caip/ChainNamespace.js'
import type { AnyConnector, ConnectorSource } from '../../chains/connectors/ChainConnector.js'
import type { Network } from '../../chains/networks/Network.js'

/** Options of the connectors plugin. */
export interface ConnectorsOptions {
  /** The networks the host supports; the first is the default. */
  networks: readonly Network[]
  /** Wallet finders, e.g. `eip155Connectors()`, `solanaConnectors()`, `walletConnect({...})`. */
  sources?: readonly ConnectorSource[]
  /** Fixed connectors: EXTERNAL plugins' and MULTI_CHAIN ones. */
  connectors?: readonly AnyConnector[]
  /** The host's own RPC URLs per CAIP-2 id, tried before the blockchain service. */
  customRpcUrls?: Readonly<Record<string, readonly string[]>>
  defaultNetwork?: CaipNetworkId
  /** How long setup waits for saved connections before going on in the background (default 5 s). */
  reconnectWaitMs?: number
}
