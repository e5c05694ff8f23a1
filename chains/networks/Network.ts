import type { CaipNetworkId, ChainNamespace } from '../caip/ChainNamespace.js'

/**
 * A network the kit can connect to (SPEC §3). `rpcUrls.default` is what the kit calls;
 * `chainDefault` is the chain's own public endpoint, used only when the host lists it.
 */
export interface Network {
  /** The chain reference: a number for eip155, the genesis hash prefix elsewhere. */
  id: number | string
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
  name: string
  nativeCurrency: { name: string; decimals: number; symbol: string }
  rpcUrls: { default: { http: readonly string[] }; chainDefault?: { http: readonly string[] } }
  assets?: { imageId?: string; imageUrl?: string }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
}
