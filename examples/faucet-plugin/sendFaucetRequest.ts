import { FaucetRequestError } from './errors.js'
import type { FaucetRequest } from './FaucetStore.js'

/**
 * The faucet service's transport: POSTs the request as JSON to `url`.
 *
 * @throws FaucetRequestError on a non-2xx answer (with its status) or when the service is unreachable (with the cause)
 */
export async function sendFaucetRequest(
  url: string,
  request: FaucetRequest,
  { fetch: fetchImpl = globalThis.fetch, signal }: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<void> {
  let response: Response
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
      signal,
    })
  } catch (cause) {
    throw new FaucetRequestError({ cause })
  }
  if (!response.ok) throw new FaucetRequestError({ status: response.status })
}
