import { JsonRpcError, RPC_INTERNAL_ERROR, RPC_LIMIT_EXCEEDED } from './jsonRpc.js'
import { capCallGas } from './capCallGas.js'

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
 * Forwards one allowed JSON-RPC call to a hardhat node and returns its result; the node's own
 * errors come back as `JsonRpcError` with the node's code and message.
 *
 * @param nodeRpcUrl - the hardhat node
 * @param method - checked against the allow-list
 * @param params - forwarded as given, except the gas of calls and estimates (`capCallGas`)
 * @param signal - the HTTP request's deadline; the node's answer is not awaited past it
 */
export async function forwardEvmRpc(nodeRpcUrl: string, method: string, params: unknown, signal?: AbortSignal): Promise<unknown> {
  if (!ALLOWED.has(method)) throw new JsonRpcError(-32601, `Method not allowed: ${method.slice(0, 64)}`)
  params = capCallGas(method, params)
  let answer: { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } }
  try {
    const response = await fetch(nodeRpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(10_000)]) : AbortSignal.timeout(10_000),
    })
    answer = (await response.json()) as typeof answer
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
