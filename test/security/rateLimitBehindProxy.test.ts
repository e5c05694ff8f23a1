import { afterEach, describe, expect, it } from 'vitest'
import { createServer, type LatchServer } from '../../server/createServer.js'

// Issue 26, "Abuse limits" (review L6): behind a same-host proxy every request comes from
// 127.0.0.1, so the rate limiter must read the client from X-Forwarded-For, and only when the
// proxy is trusted; and a flood of new addresses must not reset the limited clients' windows.
// The backend's own HTTP server (createServer: every hook and route of the backend, no chains).
const LIMIT = 3
const ROUTE = '/projects/v1/origins?projectId=latch-dev'

let server: LatchServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

/** Starts the server and returns a GET from a client at `ip` (as its proxy forwards it). */
async function serve(trustProxy: boolean) {
  server = await createServer({ rateLimit: { max: LIMIT, windowMs: 60_000 }, trustProxy })
  const url = await server.listen(0)
  return async (ip: string) => (await fetch(`${url}${ROUTE}`, { headers: { 'x-forwarded-for': ip } })).status
}

describe('given the backend’s rate limiter', () => {
  it('behind a trusted proxy, gives two forwarded clients separate buckets, and a flood of new addresses resets neither', async () => {
    const get = await serve(true)
    for (let i = 0; i < LIMIT; i++) expect(await get('203.0.113.1')).toBe(200)
    expect(await get('203.0.113.1')).toBe(429)
    // Another client behind the same proxy has its own window.
    expect(await get('203.0.113.2')).toBe(200)
    // The old limiter cleared every window once 10,000 addresses were seen.
    for (let i = 0; i < 10_050; i++) {
      const response = await server!.app.inject({ method: 'GET', url: ROUTE, headers: { 'x-forwarded-for': `2001:db8::${i.toString(16)}` } })
      expect(response.statusCode).toBe(200)
    }
    expect(await get('203.0.113.1')).toBe(429)
  })

  it('without trustProxy, ignores X-Forwarded-For: a client cannot name itself a fresh bucket', async () => {
    const get = await serve(false)
    for (let i = 0; i < LIMIT; i++) expect(await get(`203.0.113.${10 + i}`)).toBe(200)
    expect(await get('203.0.113.99')).toBe(429)
  })
})
