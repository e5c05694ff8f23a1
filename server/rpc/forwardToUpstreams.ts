import { JsonRpcError, RPC_INTERNAL_ERROR, RPC_LIMIT_EXCEEDED } from './jsonRpc.js'
import { UpstreamDown, type UpstreamPool } from './UpstreamPool.js'

/** A node's JSON-RPC answer, as it came. */
export interface UpstreamAnswer {
  result?: unknown
  error?: { code?: unknown; message?: unknown; data?: unknown }
}

/**
 * Sends one JSON-RPC call to a network's upstreams (best first, the next when one is down:
 * `UpstreamPool`) and returns the result, EVM or Solana alike; a node's own errors come back as
 * `JsonRpcError` with the node's code and message, and are not retried elsewhere (the node did answer).
 *
 * @param signal - the HTTP request's deadline; the node's answer is not awaited past it
 * @throws JsonRpcError "Upstream node unavailable" when none answered
 */
export async function forwardToUpstreams(pool: UpstreamPool, method: string, params: unknown, signal?: AbortSignal): Promise<unknown> {
  let answer: UpstreamAnswer
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

/** One upstream's answer; `UpstreamDown` when it is unreachable, times out, or answers no JSON-RPC (a 5xx or 429 page). */
export async function callUpstream(url: string, method: string, params: unknown, signal?: AbortSignal): Promise<UpstreamAnswer> {
  if (signal?.aborted) throw new UpstreamDown('deadline')
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(10_000)]) : AbortSignal.timeout(10_000),
    })
    if (response.status === 429) throw new UpstreamDown('HTTP 429')
    const answer = (await response.json().catch(() => undefined)) as UpstreamAnswer | undefined
    // A 5xx carrying a JSON-RPC error is the node's answer (a revert); a 5xx page is a proxy's.
    if (!answer || typeof answer !== 'object' || (!('result' in answer) && !answer.error)) throw new UpstreamDown(`HTTP ${response.status}`)
    return answer
  } catch (error) {
    throw error instanceof UpstreamDown ? error : new UpstreamDown(error instanceof Error ? error.message : String(error))
  }
}
