import { fallback, http, type Transport } from 'viem'
import { RpcUrlMissingError } from '../errors/chain.js'

/** SPEC §9: RPC timeout, batch size, and the fallback ranking's ping interval, samples and weights. */
export const RPC_TIMEOUT_MS = 10_000
export const RPC_BATCH_SIZE = 1000
export const RPC_RANK_INTERVAL_MS = 4_000
export const RPC_RANK_SAMPLE_COUNT = 10
export const RPC_RANK_WEIGHTS = { stability: 0.7, latency: 0.3 } as const

export interface RpcTransport {
  transport: Transport
  /** Stops the background ranking pings. */
  stop(): void
}

/**
 * The chain RPC client's transport: JSON-RPC 2.0 over HTTP, batched up to 1,000 calls, 10 s
 * timeout, and with several URLs viem's fallback ranked by `net_listening` pings (SPEC §7, §9).
 *
 * @param urls - the RPC URLs, best first (see `resolveRpcUrls`)
 * @param options - `fetch` for tests and hosts; `rankIntervalMs` to override the 4 s
 * @returns the transport and its stop
 *
 * @example
 * const { transport, stop } = createRpcTransport(['http://127.0.0.1:8545'])
 * const client = createPublicClient({ transport })
 */
export function createRpcTransport(
  urls: readonly string[],
  options: { rankIntervalMs?: number; fetchFn?: typeof fetch } = {},
): RpcTransport {
  const single = (url: string) =>
    http(url, {
      batch: { batchSize: RPC_BATCH_SIZE },
      timeout: RPC_TIMEOUT_MS,
      ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}),
    })
  if (urls.length === 0) throw new RpcUrlMissingError()
  if (urls.length === 1) return { transport: single(urls[0]!), stop: () => {} }
  let stopped = false
  const transport = fallback(urls.map(single), {
    // One pass over the URLs is the retry: viem's default 3 more passes would hold a read for
    // 80 s when two nodes hang, past SPEC §9's 10 s timeout per node.
    retryCount: 0,
    rank: {
      interval: options.rankIntervalMs ?? RPC_RANK_INTERVAL_MS,
      sampleCount: RPC_RANK_SAMPLE_COUNT,
      weights: RPC_RANK_WEIGHTS,
      // viem's ranking loop has no stop: once stopped, a ping that never settles parks it
      // for good (nothing is held but the closure, which the GC reclaims with the client).
      ping: ({ transport: ranked }) =>
        stopped ? new Promise<never>(() => {}) : ranked.request({ method: 'net_listening' }),
    },
  })
  return { transport, stop: () => void (stopped = true) }
}
