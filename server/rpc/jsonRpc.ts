/** A JSON-RPC 2.0 error object as it goes on the wire. */
export interface JsonRpcErrorObject {
  code: number
  message: string
  data?: unknown
}

/** One JSON-RPC 2.0 response. */
export type JsonRpcResponse =
  | { jsonrpc: '2.0'; id: JsonRpcId; result: unknown }
  | { jsonrpc: '2.0'; id: JsonRpcId; error: JsonRpcErrorObject }

export type JsonRpcId = string | number | null

/** Thrown by a method handler to answer with a JSON-RPC error instead of a result. */
export class JsonRpcError extends Error {
  override name = 'JsonRpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

/** Standard codes (JSON-RPC 2.0 §5.1). */
export const RPC_INVALID_REQUEST = -32600
export const RPC_METHOD_NOT_FOUND = -32601
export const RPC_INVALID_PARAMS = -32602
export const RPC_INTERNAL_ERROR = -32603

/** EIP-1474 "Limit exceeded": what a batch gets for the calls left when its deadline passes. */
export const RPC_LIMIT_EXCEEDED = -32005

/**
 * Upper bound on a batch: the kit's client batches up to 1,000 calls (SPEC §9), so the backend
 * takes that many. What bounds the chain time a batch can hold is the per-request deadline
 * (calls not started by then get -32005) and the 3M gas cap on calls, not the batch size.
 */
export const MAX_BATCH = 1000

/** A method handler; `signal` aborts when the HTTP request's deadline passes. */
export type JsonRpcCall = (method: string, params: unknown[] | Record<string, unknown>, signal?: AbortSignal) => Promise<unknown>

/**
 * Answers a JSON-RPC 2.0 body, single or batched, by calling `call(method, params)` per request.
 * Malformed requests become JSON-RPC errors; nothing thrown escapes as an exception.
 *
 * @param body - the parsed request body
 * @param call - resolves a method's result, or throws (a `JsonRpcError` keeps its code)
 * @param signal - the deadline of the whole HTTP request: once aborted, the calls not yet
 *   started in a batch are answered with `RPC_LIMIT_EXCEEDED` instead of being run
 * @returns the response body (an array for a batch)
 * @example
 * await answerJsonRpc(request.body, (method, params, signal) => forward(method, params, signal), AbortSignal.timeout(10_000))
 */
export async function answerJsonRpc(body: unknown, call: JsonRpcCall, signal?: AbortSignal): Promise<JsonRpcResponse | JsonRpcResponse[]> {
  if (Array.isArray(body)) {
    if (body.length === 0) return errorResponse(null, new JsonRpcError(RPC_INVALID_REQUEST, 'Invalid request: empty batch'))
    if (body.length > MAX_BATCH) return errorResponse(null, new JsonRpcError(RPC_INVALID_REQUEST, `Invalid request: batch larger than ${MAX_BATCH}`))
    const answers: JsonRpcResponse[] = []
    // Sequential on purpose: a batch that sends then reads must see its own writes.
    for (const item of body) answers.push(await answerOne(item, call, signal))
    return answers
  }
  return answerOne(body, call, signal)
}

async function answerOne(item: unknown, call: JsonRpcCall, signal: AbortSignal | undefined): Promise<JsonRpcResponse> {
  if (!item || typeof item !== 'object' || Array.isArray(item))
    return errorResponse(null, new JsonRpcError(RPC_INVALID_REQUEST, 'Invalid request: not an object'))
  const request = item as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }
  const id = isId(request.id) ? request.id : null
  if (request.jsonrpc !== '2.0') return errorResponse(id, new JsonRpcError(RPC_INVALID_REQUEST, 'Invalid request: jsonrpc must be "2.0"'))
  if (typeof request.method !== 'string' || request.method.length === 0 || request.method.length > 128)
    return errorResponse(id, new JsonRpcError(RPC_INVALID_REQUEST, 'Invalid request: method must be a string'))
  const params = request.params ?? []
  if (typeof params !== 'object' || params === null)
    return errorResponse(id, new JsonRpcError(RPC_INVALID_PARAMS, 'Invalid params: params must be an array or an object'))
  if (signal?.aborted) return errorResponse(id, new JsonRpcError(RPC_LIMIT_EXCEEDED, 'Request deadline exceeded: send fewer calls per request'))
  try {
    const result = await call(request.method, params as unknown[] | Record<string, unknown>, signal)
    return { jsonrpc: '2.0', id, result }
  } catch (error) {
    return errorResponse(id, error)
  }
}

function isId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) || value === null
}

/** Builds an error response; anything that is not a `JsonRpcError` becomes an internal error without its stack. */
export function errorResponse(id: JsonRpcId, error: unknown): JsonRpcResponse {
  if (error instanceof JsonRpcError) {
    const body: JsonRpcErrorObject = { code: error.code, message: error.message }
    if (error.data !== undefined) body.data = error.data
    return { jsonrpc: '2.0', id, error: body }
  }
  return { jsonrpc: '2.0', id, error: { code: RPC_INTERNAL_ERROR, message: 'Internal error' } }
}
