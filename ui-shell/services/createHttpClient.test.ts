import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpClient } from './createHttpClient.js'
import {
  HttpAbortedError,
  HttpNetworkError,
  HttpStatusError,
  HttpTimeoutError,
  RateLimitedError,
  ServerError,
} from '../errors/http.js'
import { startHttpServer, sendJson, type TestHttpServer } from '../../test/support/startHttpServer.js'

let server: TestHttpServer
beforeAll(async () => {
  server = await startHttpServer((request, response, body) => {
    const url = new URL(request.url!, 'http://x')
    const status = Number(url.searchParams.get('status') ?? 200)
    // Never answers: only the client's own timeout or abort can end the call.
    if (url.pathname === '/slow') return
    sendJson(response, status, { path: url.pathname, query: Object.fromEntries(url.searchParams), body })
  })
})
afterAll(() => server.close())

const client = () => createHttpClient({ baseUrl: `${server.url}/`, projectId: 'latch-dev' })

describe('createHttpClient', () => {
  it('sends projectId, st and sv with every call', async () => {
    const answer = await client().get<{ query: Record<string, string> }>('/getWallets', { query: { page: 2, include: ['a', 'b'] } })
    expect(answer.query).toEqual({ projectId: 'latch-dev', st: 'latch', sv: 'latch-0.1.0', page: '2', include: 'a,b' })
  })

  it('posts JSON', async () => {
    const answer = await client().post<{ body: string }>('/e', { eventId: '1' })
    expect(JSON.parse(answer.body)).toEqual({ eventId: '1' })
  })

  it.each([
    [400, HttpStatusError, 'KIT_HTTP_STATUS'],
    [403, HttpStatusError, 'KIT_HTTP_STATUS'],
    [429, RateLimitedError, 'KIT_HTTP_RATE_LIMITED'],
    [500, ServerError, 'KIT_HTTP_SERVER_ERROR'],
    [503, ServerError, 'KIT_HTTP_SERVER_ERROR'],
    [599, ServerError, 'KIT_HTTP_SERVER_ERROR'],
  ])('maps status %i to %o', async (status, ErrorClass, code) => {
    const failure = await client().get('/x', { query: { status } }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ErrorClass)
    expect(failure).toMatchObject({ shortMessage: `HTTP status code: ${status}`, status, code })
  })

  it('times out', async () => {
    const failure = await client().get('/slow', { timeoutMs: 50 }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(HttpTimeoutError)
    expect((failure as HttpTimeoutError).shortMessage).toBe('The request timed out after 50 ms.')
  })

  it('aborts when the caller aborts', async () => {
    const controller = new AbortController()
    const pending = client().get('/slow', { signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toBeInstanceOf(HttpAbortedError)
    await expect(client().get('/slow', { signal: AbortSignal.abort() })).rejects.toThrowError('Request was aborted')
  })

  it('reports a dead service as a network error', async () => {
    const dead = createHttpClient({ baseUrl: 'http://127.0.0.1:1', projectId: 'x' })
    await expect(dead.get('/x')).rejects.toBeInstanceOf(HttpNetworkError)
  })
})
