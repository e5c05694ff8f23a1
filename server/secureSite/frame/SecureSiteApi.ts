import { FrameNetworkError, SecureSiteApiError } from './errors.js'

/** The frame's client for its own server's API (same origin). */
export class SecureSiteApi {
  token: string | null = null

  async get<T>(path: string, query: Record<string, string> = {}): Promise<T> {
    return this.#call<T>('GET', `${path}?${new URLSearchParams(query)}`)
  }

  async post<T>(path: string, body: unknown = {}): Promise<T> {
    return this.#call<T>('POST', path, body)
  }

  async #call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response
    try {
      response = await fetch(path, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
      })
    } catch (error) {
      throw new FrameNetworkError({ cause: error })
    }
    const answer = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined
    if (!response.ok) throw new SecureSiteApiError({ status: response.status, message: typeof answer?.message === 'string' ? answer.message.slice(0, 300) : undefined })
    return answer as T
  }
}
