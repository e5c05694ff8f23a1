import { createPublicClient, defineChain, fallback, http, HttpRequestError, type Transport } from 'viem'
import { UpstreamPool } from '../rpc/UpstreamPool.js'
import { answersChainId } from '../rpc/forwardEvmRpc.js'
import { MULTICALL3_ADDRESS } from '../blockchain/chainPrices.js'
import type { EvmChainHandle } from '../plugins/services/BackendServices.js'
import type { EvmNetworkConfig } from './NetworkConfig.js'

const DEFAULT_LOG_RANGE = 2_000

/**
 * A configured EVM network as the blockchain service serves it: its upstreams, its token list,
 * price feeds, Uniswap V2 deployment and Transfer-log history. Makes no call: a network that is
 * down at start is served (and reported unavailable per request) once it answers.
 */
export function connectEvmNetwork(config: EvmNetworkConfig): EvmChainHandle {
  const chainId = Number(config.caipNetworkId.split(':')[1])
  const name = config.name ?? config.caipNetworkId
  const nativeCurrency = config.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 }
  const chain = defineChain({ id: chainId, name, nativeCurrency, rpcUrls: { default: { http: config.rpcUrls } }, ...(config.multicall3 === false ? {} : { contracts: { multicall3: { address: config.multicall3 ?? MULTICALL3_ADDRESS } } }) })
  const upstreams = new UpstreamPool(config.rpcUrls, answersChainId(chainId))
  // The server's own reads fall back across the same upstreams, each used only once it answered
  // the network's chain id (an unreachable or wrong one reads as a node that is down).
  const transport = fallback(config.rpcUrls.map((url) => checkedHttp(upstreams, url)))
  return {
    chainId,
    caipNetworkId: config.caipNetworkId,
    name,
    nodeRpcUrl: config.rpcUrls[0]!,
    upstreams,
    client: createPublicClient({ chain, transport }),
    nativeCurrency,
    tokens: (config.tokens ?? []).map(({ address, name: tokenName, symbol, decimals }) => ({ address, name: tokenName, symbol, decimals })),
    ...(config.uniswapV2 ? { swap: config.uniswapV2 } : {}),
    priceFeeds: config.priceFeeds ?? {},
    history: historySource(config),
    ...(config.multicall3 === false ? {} : { multicall3: config.multicall3 ?? MULTICALL3_ADDRESS }),
  }
}

/** Transfer logs by default; every block with `history.blockFollower` (native transfers included). */
function historySource({ history }: EvmNetworkConfig): EvmChainHandle['history'] {
  if (history?.blockFollower) return { source: 'blocks', fromBlock: history.blockFollower.fromBlock, startedHere: false }
  return { source: 'logs', maxBlockRange: history?.maxBlockRange ?? DEFAULT_LOG_RANGE, ...(history?.fromBlock !== undefined ? { fromBlock: history.fromBlock } : {}) }
}

/** viem's http transport to `url`, refusing every call while the pool has not seen it answer the right chain id. */
function checkedHttp(pool: UpstreamPool, url: string): Transport {
  const transport = http(url, { batch: true, retryCount: 1, timeout: 10_000 })
  return (args) => {
    const inner = transport(args)
    const request: typeof inner.request = async (call, options) => {
      const usable = await pool.passes(url).catch(() => false)
      if (!usable) throw new HttpRequestError({ url, details: 'the upstream is unreachable or serves another chain id' })
      return inner.request(call, options)
    }
    return { ...inner, request }
  }
}
