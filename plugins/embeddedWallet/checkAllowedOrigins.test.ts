import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpClient } from '../../ui-shell/services/createHttpClient.js'
import { RateLimitedError, ServerError } from '../../ui-shell/plugin.js'
import { startHttpServer, type TestHttpServer } from '../../test/support/startHttpServer.js'
import { checkAllowedOrigins, fetchAllowedOrigins } from './checkAllowedOrigins.js'

// SPEC §8: allowed origins answer 429 → RATE_LIMITED, 500–599 → SERVER_ERROR, any other
// failure → an empty list. Over a real socket; the answer is picked by the project id.
const ANSWERS: Record<string, [number, string]> = {
  listed: [200, JSON.stringify({ allowedOrigins: ['https://shop.example', 42, 'http://localhost:*'] })],
  busy: [429, '{}'],
  broken: [503, '{}'],
  unknown: [403, '{}'],
  garbage: [200, '{"allowedOrigins":<<'],
}
let server: TestHttpServer
beforeAll(async () => {
  server = await startHttpServer((request, response) => {
    const [status, body] = ANSWERS[new URL(request.url!, 'http://x').searchParams.get('projectId')!]!
    response.writeHead(status, { 'content-type': 'application/json' }).end(body)
  })
})
afterAll(() => server?.close())

const api = (projectId: string) => createHttpClient({ baseUrl: server.url, projectId })

describe('fetchAllowedOrigins', () => {
  it('reads the list, keeping only strings', async () => {
    expect(await fetchAllowedOrigins(api('listed'))).toEqual(['https://shop.example', 'http://localhost:*'])
  })
  it('throws RateLimitedError on 429 and ServerError on 5xx', async () => {
    await expect(fetchAllowedOrigins(api('busy'))).rejects.toBeInstanceOf(RateLimitedError)
    await expect(fetchAllowedOrigins(api('broken'))).rejects.toBeInstanceOf(ServerError)
  })
  it('reads any other failure as an empty list', async () => {
    expect(await fetchAllowedOrigins(api('unknown'))).toEqual([])
    expect(await fetchAllowedOrigins(api('garbage'))).toEqual([])
  })
})

describe('checkAllowedOrigins', () => {
  const raised = async (projectId: string, origin = 'https://elsewhere.example') => {
    const alerts: string[] = []
    await checkAllowedOrigins(api(projectId), origin, (alert) => alerts.push(alert.code))
    return alerts
  }
  it('raises INVALID_APP_CONFIGURATION for an origin off the list, nothing for one on it', async () => {
    expect(await raised('listed')).toEqual(['INVALID_APP_CONFIGURATION'])
    expect(await raised('listed', 'https://shop.example')).toEqual([])
    expect(await raised('listed', 'http://localhost:5173')).toEqual([])
    expect(await raised('listed', 'http://127.0.0.1:5173')).toEqual(['INVALID_APP_CONFIGURATION'])
  })
  it('raises RATE_LIMITED and SERVER_ERROR, and nothing for an unreadable list', async () => {
    expect(await raised('busy')).toEqual(['RATE_LIMITED'])
    expect(await raised('broken')).toEqual(['SERVER_ERROR'])
    expect(await raised('unknown')).toEqual([])
  })
})

