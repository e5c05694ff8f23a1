import { KitError, KIT_VERSION } from '../../kernel/index.js'
import {
  HttpAbortedError,
  HttpNetworkError,
  HttpStatusError,
  HttpTimeoutError,
  RateLimitedError,
  ServerError,
} from '../errors/http.js'
import { SDK_TYPE } from './sdkType.js'

export type QueryValue = string | number | boolean | undefined | null | readonly (string | number)[]

export interface RequestOptions {
  query?: Record<string, QueryValue>
  headers?: Record<string, string>
  signal?: AbortSignal
  timeoutMs?: number
}

/** A client for one of the kit's services (catalogue or blockchain). */
export interface HttpClient {
  readonly baseUrl: string
  url(path: string, query?: Record<string, QueryValue>): string
  get<T>(path: string, options?: RequestOptions): Promise<T>
  post<T>(path: string, body: unknown, options?: RequestOptions): Promise<T>
  getBlob(path: string, options?: RequestOptions): Promise<Blob>
}

export interface CreateHttpClientOptions {
  baseUrl: string
  projectId?: string
  fetch?: typeof fetch
  /** Per-request deadline; SPEC §9 gives 10 s for RPC, the same serves the services. */
  timeoutMs?: number
}

/**
 * Creates a service client. Every call carries `projectId`, `st` and `sv`; a failure is one of
 * the typed HTTP errors: 'HTTP status code: N', rate limited (429), server error (5xx),
 * timeout, abort or network.
 *
 * @example
 * const api = createHttpClient({ baseUrl: 'http://127.0.0.1:5545', projectId: 'latch-dev' })
 * const { data } = await api.get<{ data: unknown[] }>('/getWallets', { query: { page: 1 } })
 */
export function createHttpClient(options: CreateHttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const defaultTimeout = options.timeoutMs ?? 10_000

  const url = (path: string, query: Record<string, QueryValue> = {}) => {
    const target = new URL(baseUrl + (path.startsWith('/') ? path : `/${path}`))
    const params: Record<string, QueryValue> = {
      projectId: options.projectId,
      st: SDK_TYPE,
      sv: `${SDK_TYPE}-${KIT_VERSION}`,
      ...query,
    }
    for (const [key, value] of Object.entries(params)) {
      if (value === undefined || value === null) continue
      target.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value))
    }
    return target.toString()
  }

  const send = async (method: string, path: string, body: unknown, request: RequestOptions) => {
    const target = url(path, request.query)
    const timeoutMs = request.timeoutMs ?? defaultTimeout
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    const onAbort = () => controller.abort()
    request.signal?.addEventListener('abort', onAbort, { once: true })
    if (request.signal?.aborted) controller.abort()
    try {
      const response = await (options.fetch ?? globalThis.fetch)(target, {
        method,
        signal: controller.signal,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...request.headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      if (!response.ok) throw statusError(response.status, target)
      return response
    } catch (error) {
      if (error instanceof KitError) throw error
      if (timedOut) throw new HttpTimeoutError({ url: target, timeoutMs })
      if (controller.signal.aborted) throw new HttpAbortedError({ url: target })
      throw new HttpNetworkError({ url: target, cause: error })
    } finally {
      clearTimeout(timer)
      request.signal?.removeEventListener('abort', onAbort)
    }
  }

  const json = async <T>(response: Response, target: string): Promise<T> => {
    try {
      return (await response.json()) as T
    } catch (error) {
      throw new HttpNetworkError({ url: target, cause: error })
    }
  }

  return {
    baseUrl,
    url,
    async get<T>(path: string, request: RequestOptions = {}) {
      return json<T>(await send('GET', path, undefined, request), path)
    },
    async post<T>(path: string, body: unknown, request: RequestOptions = {}) {
      const response = await send('POST', path, body, request)
      if (response.status === 204) return undefined as T
      return json<T>(response, path)
    },
    async getBlob(path: string, request: RequestOptions = {}) {
      return (await send('GET', path, undefined, request)).blob()
    },
  }
}

/** Maps a status to its error: 429 rate limited, 5xx server error, else 'HTTP status code: N'. */
export function statusError(status: number, url: string): HttpStatusError {
  if (status === 429) return new RateLimitedError({ url })
  if (status >= 500 && status <= 599) return new ServerError({ status, url })
  return new HttpStatusError({ status, url })
}
