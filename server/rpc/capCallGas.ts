/**
 * Gas given to an `eth_call` / `eth_estimateGas` that names none or more, on every path that
 * reaches a node (the public chain RPC and the secure site's `/api/rpc`). Hardhat would use the
 * block gas limit (30M), and one such call can hold the chain for seconds; 3M covers a swap.
 */
export const MAX_CALL_GAS = 3_000_000n

/** The methods whose gas is capped and whose concurrency is limited per user: they run EVM code. */
export const GAS_CAPPED_METHODS: ReadonlySet<string> = new Set(['eth_call', 'eth_estimateGas'])

/**
 * The params of a call or estimate with its gas set to at most `MAX_CALL_GAS` (a larger or
 * missing gas is clamped, so callers that ask for "as much as you have" still get an answer);
 * other methods' params, and params not shaped like a call, are returned unchanged.
 *
 * @example
 * capCallGas('eth_call', [{ to, data, gas: '0x5f5e100' }, 'latest']) // gas: '0x2dc6c0'
 */
export function capCallGas(method: string, params: unknown): unknown {
  if (!GAS_CAPPED_METHODS.has(method)) return params
  if (!Array.isArray(params) || !params[0] || typeof params[0] !== 'object' || Array.isArray(params[0])) return params
  const call = params[0] as { gas?: unknown }
  let gas: bigint | undefined
  try {
    gas = typeof call.gas === 'string' || typeof call.gas === 'number' ? BigInt(call.gas) : undefined
  } catch {
    gas = undefined
  }
  const capped = gas !== undefined && gas > 0n && gas <= MAX_CALL_GAS ? gas : MAX_CALL_GAS
  return [{ ...call, gas: `0x${capped.toString(16)}` }, ...params.slice(1)]
}
