import { forwardToUpstreams } from '../../rpc/forwardToUpstreams.js'
import type { SolanaNetworkHandle } from './SolanaNetworkHandle.js'

/**
 * One JSON-RPC call of the server's own to a configured cluster (ranked upstreams, with fallback).
 *
 * @throws JsonRpcError when no upstream answered, or with the node's own error
 */
export async function callSolanaNetwork<T>(network: SolanaNetworkHandle, method: string, params: unknown[]): Promise<T> {
  return (await forwardToUpstreams(network.upstreams, method, params)) as T
}
