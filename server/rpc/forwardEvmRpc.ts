import { JsonRpcError } from './jsonRpc.js'
import { capCallGas } from './capCallGas.js'
import { UpstreamPool } from './UpstreamPool.js'
import { callUpstream, forwardToUpstreams } from './forwardToUpstreams.js'

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
  return forwardToUpstreams(pool, method, params, signal)
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
