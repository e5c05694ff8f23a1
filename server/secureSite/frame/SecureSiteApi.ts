/** A failed call to the secure site's API, with the server's sentence. */
export class SecureSiteApiError extends Error {
  override name = 'SecureSiteApiError'
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

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
    } catch {
      throw new SecureSiteApiError('Network Error', 0)
    }
    const answer = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined
    if (!response.ok) {
      const message = typeof answer?.message === 'string' ? answer.message : `HTTP status code: ${response.status}`
      throw new SecureSiteApiError(message, response.status)
    }
    return answer as T
  }
}
