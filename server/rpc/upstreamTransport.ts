import { fallback, http, type HttpTransportConfig, type Transport } from 'viem'
import type { EvmChainHandle } from '../plugins/services/BackendServices.js'

/**
 * A viem transport to a network's upstreams, unbatched unless `options` says so: the first that
 * answers, in the pool's current rank (a local chain has one, its hardhat node).
 */
export function upstreamTransport(chain: EvmChainHandle, options: HttpTransportConfig = {}): Transport {
  const urls = chain.upstreams.ranked()
  return urls.length === 1 ? http(urls[0], options) : fallback(urls.map((url) => http(url, options)))
}
