import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningBackend } from '../../server/startBackend.js'
import type { ReverseProxy } from '../support/startReverseProxy.js'
import { startBackendBehindProxies, type BackendBehindProxies } from '../support/startBackendBehindProxies.js'
import { freshDeviceId, freshEmail, siteCall } from './secureSiteSupport.js'
import { call } from './support.js'
import { testDatabaseUrl } from '../support/testDatabase.js'

// Issue 29, deployment: the backend and the secure site each behind a reverse proxy (as a TLS
// proxy serves them on their public origins). The secure site knows its public origin: its API
// takes that Origin (and DPoP proofs for that URL), refuses its own listening address as an
// origin, and sends the social provider back there; the backend's links use its public URL.
const APP = 'http://127.0.0.1:5173'
let backend: RunningBackend
let siteProxy: ReverseProxy
let apiProxy: ReverseProxy
let siteListening: string
let stack: BackendBehindProxies | undefined

beforeAll(async () => {
  stack = await startBackendBehindProxies({ databaseUrl: await testDatabaseUrl(), dev: true })
  ;({ backend, siteProxy, apiProxy, siteListening } = stack)
})
afterAll(() => stack?.close())

describe('given the secure site and the backend behind proxies on their public origins', () => {
  it('positive control: the site is its public origin, and an email login starts through the proxy from it', async () => {
    expect(backend.secureSiteUrl).toBe(siteProxy.url)
    const started = await siteCall(siteProxy.url, '/api/email/start', { body: { email: freshEmail('proxied'), deviceId: freshDeviceId(), projectId: 'latch-dev', appOrigin: APP } })
    expect(started.status).toBe(200)
  })

  it('refuses its listening address as an Origin: only the public origin is the site', async () => {
    const answer = await siteCall(siteProxy.url, '/api/email/start', { origin: siteListening, body: { email: freshEmail('internal'), deviceId: freshDeviceId(), projectId: 'latch-dev', appOrigin: APP } })
    expect(answer).toMatchObject({ status: 403, body: { code: 'ORIGIN_NOT_ALLOWED' } })
  })

  it('sends the social provider back to the public origin', async () => {
    const started = await siteCall(siteProxy.url, '/api/social/start', { body: { provider: 'google', projectId: 'latch-dev', appOrigin: APP } })
    expect(new URL(started.body.uri).searchParams.get('redirect_uri')).toBe(`${siteProxy.url}/social/callback`)
  })

  it("links the backend's answers to its public URL, not its listening address", async () => {
    const { body } = await call(apiProxy, `/v1/account/${backend.deployment.devAccount}/balance?projectId=latch-dev&currency=usd&chainId=eip155:31337`)
    expect(body.balances.length).toBeGreaterThan(0)
    for (const balance of body.balances) expect(balance.iconUrl.startsWith(`${apiProxy.url}/public/getTokenImage/`)).toBe(true)
  })
})
