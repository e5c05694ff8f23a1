import { JsonRpcError, RPC_METHOD_NOT_FOUND } from '../../rpc/jsonRpc.js'
import { forwardToUpstreams } from '../../rpc/forwardToUpstreams.js'
import type { SolanaNetworkHandle } from './SolanaNetworkHandle.js'

// What the public chain RPC forwards to a configured cluster: what a wallet reads and sends.
// Costly scans (getProgramAccounts, getBlock) and faucets (requestAirdrop) are not passed on.
const ALLOWED = new Set([
  'getAccountInfo',
  'getBalance',
  'getBlockHeight',
  'getEpochInfo',
  'getFeeForMessage',
  'getGenesisHash',
  'getHealth',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getRecentPrioritizationFees',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'getSlot',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
  'getTokenSupply',
  'getTransaction',
  'getVersion',
  'isBlockhashValid',
  'sendTransaction',
  'simulateTransaction',
])

/** Solana methods the chain RPC forwards to a configured cluster, for the README and tests. */
export const CONFIGURED_SOLANA_RPC_METHODS = [...ALLOWED]

/**
 * Forwards one allowed JSON-RPC call to a configured cluster's upstreams (ranked, with fallback).
 *
 * @throws JsonRpcError -32601 for a method not allowed; the node's own errors as it sent them
 */
export async function forwardSolanaRpc(network: SolanaNetworkHandle, method: string, params: unknown, signal?: AbortSignal): Promise<unknown> {
  if (!ALLOWED.has(method)) throw new JsonRpcError(RPC_METHOD_NOT_FOUND, `Method not allowed: ${method.slice(0, 64)}`)
  return forwardToUpstreams(network.upstreams, method, params, signal)
}
