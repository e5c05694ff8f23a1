/** A backend in dev mode, as far as its `/dev/*` routes go: where it is and its admin token. */
export interface DevBackend {
  url: string
  adminToken: { value: string }
}

/**
 * `fetch` of one of the backend's `/dev/*` routes with the admin token they require
 * (`Authorization: Bearer <admin token>`), from Node: a page never holds that token.
 *
 * @param backend - a backend started with `dev: true`
 * @param path - e.g. `/dev/mailbox?email=a%40b.example`
 * @example
 * const response = await devFetch(backend, '/dev/onramp-fault', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"failing":true}' })
 */
export function devFetch(backend: DevBackend, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  headers.set('authorization', `Bearer ${backend.adminToken.value}`)
  return fetch(`${backend.url}${path}`, { ...init, headers })
}
