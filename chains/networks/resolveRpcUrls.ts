import type { Network } from './Network.js'
import { SUPPORTED_NETWORKS } from './supportedNetworks.js'

export interface ResolveRpcUrlsOptions {
  /** The host's blockchain service; it proxies the 27 supported networks (SPEC §7). */
  blockchainApiUrl?: string
  projectId?: string
  /** The host's own endpoints per CAIP-2 id, tried first. */
  customRpcUrls?: Readonly<Record<string, readonly string[]>>
}

/**
 * The RPC URLs the kit may call for a network, best first: the host's custom URLs, the
 * blockchain service (chain-specific URL with `chainId` and `projectId`), then the network's
 * own `rpcUrls.default`. Never a public endpoint the host did not list.
 *
 * @param network - the network
 * @param options - the host's configuration
 * @returns URLs, possibly empty (then reads go through the wallet)
 */
export function resolveRpcUrls(network: Network, options: ResolveRpcUrlsOptions = {}): string[] {
  const urls = [...(options.customRpcUrls?.[network.caipNetworkId] ?? [])]
  const proxied = SUPPORTED_NETWORKS.some((n) => n.caipNetworkId === network.caipNetworkId)
  if (options.blockchainApiUrl && proxied) {
    const url = new URL('v1/', options.blockchainApiUrl.endsWith('/') ? options.blockchainApiUrl : `${options.blockchainApiUrl}/`)
    url.searchParams.set('chainId', network.caipNetworkId)
    if (options.projectId) url.searchParams.set('projectId', options.projectId)
    urls.push(url.toString())
  }
  urls.push(...network.rpcUrls.default.http)
  return [...new Set(urls)]
}
