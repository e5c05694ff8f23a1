import { JsonRpcError, RPC_INTERNAL_ERROR, RPC_LIMIT_EXCEEDED } from './jsonRpc.js'
import { capCallGas } from './capCallGas.js'
import { UpstreamDown, UpstreamPool } from './UpstreamPool.js'

// What the public chain RPC forwards to a hardhat node. The node's accounts are unlocked, so
// signing and sending through it (eth_sendTransaction, eth_sign*) and the node's admin methods
// (hardhat_*, evm_*, debug_*) are refused: transactions arrive signed, as from a real node.
const ALLOWED = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_sendRawTransaction',
  'eth_syncing',
  'net_listening',
  'net_version',
  'web3_clientVersion',
])

/** EVM methods the chain RPC forwards, for the README and tests. */
export const EVM_RPC_METHODS = [...ALLOWED]

/**
 * Forwards one allowed JSON-RPC call to a network's upstreams (best first, the next when one is
 * down: `UpstreamPool`) and returns the result; a node's own errors come back as `JsonRpcError`
 * with the node's code and message, and are not retried elsewhere (the node did answer).
 *
 * @param upstreams - the network's pool, or one node's URL (a local hardhat node)
 * @param method - checked against the allow-list
 * @param params - forwarded as given, except the gas of calls and estimates (`capCallGas`)
 * @param signal - the HTTP request's deadline; the node's answer is not awaited past it
 */
export async function forwardEvmRpc(upstreams: UpstreamPool | string, method: string, params: unknown, signal?: AbortSignal): Promise<unknown> {
  if (!ALLOWED.has(method)) throw new JsonRpcError(-32601, `Method not allowed: ${method.slice(0, 64)}`)
  params = capCallGas(method, params)
  const pool = typeof upstreams === 'string' ? new UpstreamPool([upstreams]) : upstreams
  let answer: { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } }
  try {
    answer = await pool.run((url) => callUpstream(url, method, params, signal))
  } catch {
    if (signal?.aborted) throw new JsonRpcError(RPC_LIMIT_EXCEEDED, 'Request deadline exceeded: send fewer calls per request')
    throw new JsonRpcError(RPC_INTERNAL_ERROR, 'Upstream node unavailable')
  }
  if (answer.error) {
    const code = typeof answer.error.code === 'number' ? answer.error.code : RPC_INTERNAL_ERROR
    const message = typeof answer.error.message === 'string' ? answer.error.message.slice(0, 2000) : 'Node error'
    throw new JsonRpcError(code, message, answer.error.data)
  }
  return answer.result ?? null
}

/**
 * An `UpstreamPool` check: the upstream's `eth_chainId` is `chainId`. A URL of another network
 * (a Base URL under eip155:1) is never forwarded to.
 */
export function answersChainId(chainId: number) {
  return async (url: string): Promise<boolean> => {
    const answer = await callUpstream(url, 'eth_chainId', [])
    return typeof answer.result === 'string' && Number(answer.result) === chainId
  }
}

/** One upstream's answer; `UpstreamDown` when it is unreachable, times out, or answers no JSON-RPC (a 5xx or 429 page). */
async function callUpstream(url: string, method: string, params: unknown, signal?: AbortSignal) {
  if (signal?.aborted) throw new UpstreamDown('deadline')
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(10_000)]) : AbortSignal.timeout(10_000),
    })
    if (response.status === 429) throw new UpstreamDown('HTTP 429')
    const answer = (await response.json().catch(() => undefined)) as { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } } | undefined
    // A 5xx carrying a JSON-RPC error is the node's answer (a revert); a 5xx page is a proxy's.
    if (!answer || typeof answer !== 'object' || (!('result' in answer) && !answer.error)) throw new UpstreamDown(`HTTP ${response.status}`)
    return answer
  } catch (error) {
    throw error instanceof UpstreamDown ? error : new UpstreamDown(error instanceof Error ? error.message : String(error))
  }
}
