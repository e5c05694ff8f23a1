import { createTransport, fallback, http, type EIP1193RequestFn, type Transport } from 'viem'
import { RpcUrlMissingError } from '../errors/chain.js'
import { rankByPings, type PingSample } from './rankByPings.js'
import { RPC_BATCH_SIZE, RPC_RANK_INTERVAL_MS, RPC_RANK_PING_TIMEOUT_MS, RPC_RANK_SAMPLE_COUNT, RPC_TIMEOUT_MS } from './rpcConstants.js'

export { RPC_BATCH_SIZE, RPC_RANK_INTERVAL_MS, RPC_RANK_SAMPLE_COUNT, RPC_RANK_WEIGHTS, RPC_TIMEOUT_MS } from './rpcConstants.js'

export interface RpcTransport {
  transport: Transport
  /** Stops the background ranking pings and aborts the reads still on the wire; no timer of theirs fires afterwards. */
  stop(): void
}

/**
 * The chain RPC client's transport: JSON-RPC 2.0 over HTTP, batched up to 1,000 calls, 10 s
 * timeout, and with several URLs a fallback ranked by `net_listening` pings every 4 s (SPEC §7,
 * §9). The ranking loop is ours, not viem's: viem's cannot be stopped, so a disposed kit's
 * timer would still fire.
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
  // Stopping also ends the reads still on the wire: a disposed kit leaves no fetch and no timeout behind.
  const stopper = new AbortController()
  const fetchFn: typeof fetch = (input, init) => (options.fetchFn ?? fetch)(input, { ...init, signal: untilStopped(stopper.signal, init?.signal) })
  const single = (url: string) => http(url, { batch: { batchSize: RPC_BATCH_SIZE }, timeout: RPC_TIMEOUT_MS, fetchFn })
  if (urls.length === 0) throw new RpcUrlMissingError()
  if (urls.length === 1) return { transport: single(urls[0]!), stop: () => stopper.abort() }

  const transports = urls.map(single)
  let order = urls.map((_, index) => index)
  const samples: PingSample[][] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  let started = false
  let stopped = false

  const rank = async (params: Parameters<Transport>[0]) => {
    const round = await Promise.all(
      transports.map(async (transport) => {
        const start = Date.now()
        const ping = transport({ ...params, retryCount: 0, timeout: RPC_RANK_PING_TIMEOUT_MS })
        const success = await ping.request({ method: 'net_listening' }).then(() => 1, () => 0)
        return { latency: Date.now() - start, success }
      }),
    )
    if (stopped) return
    samples.push(round)
    if (samples.length > RPC_RANK_SAMPLE_COUNT) samples.shift()
    order = rankByPings(samples)
    timer = setTimeout(() => void rank(params), options.rankIntervalMs ?? RPC_RANK_INTERVAL_MS)
  }

  const transport: Transport = (params) => {
    if (!started && !stopped) {
      started = true
      void rank(params)
    }
    // viem's fallback over the current order, rebuilt when the ranking changes it. One pass over
    // the URLs is the retry: 3 more passes would hold a read for 80 s when two nodes hang, past
    // SPEC §9's 10 s per node.
    let builtFor: number[] | undefined
    let built: ReturnType<Transport> | undefined
    const current = () => {
      if (builtFor !== order) {
        builtFor = order
        built = fallback(order.map((index) => transports[index]!), { retryCount: 0 })(params)
      }
      return built!
    }
    // The first fallback's value (its transports) for viem actions that look inside a fallback.
    return createTransport({ key: 'fallback', name: 'Ranked fallback', type: 'fallback', retryCount: 0, request: ((args) => current().request(args as never)) as EIP1193RequestFn }, current().value)
  }
  return {
    transport,
    stop: () => {
      stopped = true
      clearTimeout(timer)
      stopper.abort()
    },
  }
}

/** The request's own signal (viem's timeout), aborted too once the transport stops; where the platform cannot combine signals, the request's own. */
function untilStopped(stopped: AbortSignal, own: AbortSignal | null | undefined): AbortSignal | undefined {
  if (!own) return stopped
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([own, stopped]) : own
}
