import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningBackend } from '../../server/startBackend.js'
import type { ReverseProxy } from '../support/startReverseProxy.js'
import { startBackendBehindProxies, type BackendBehindProxies } from '../support/startBackendBehindProxies.js'
import { approveDeviceLink, freshDeviceId, freshEmail, readMailbox, siteCall, waitForMail } from '../server/secureSiteSupport.js'
import { request as httpRequest } from 'node:http'

// Issue 31, proxy-aware: behind a balancer the backend and the secure site are reached on public
// origins that are not their listening addresses. Every origin check and every link (emailed
// approval links, the OAuth redirect URI, icon links) comes from the configured public URL,
// never from the socket, the Host header or X-Forwarded-Host, which any client can write, even
// with the proxy trusted for client addresses.
const APP = 'http://127.0.0.1:5173'
const EVIL = 'evil.example'
const FORGED = { host: EVIL, 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'https' }
let backend: RunningBackend
let siteProxy: ReverseProxy
let apiProxy: ReverseProxy
let siteListening: string
let stack: BackendBehindProxies | undefined

beforeAll(async () => {
  // As an operator may type them, with a trailing slash: the origins are what counts.
  stack = await startBackendBehindProxies({ dev: true }, (origin) => `${origin}/`)
  ;({ backend, siteProxy, apiProxy, siteListening } = stack)
})
afterAll(() => stack?.close())

/** One HTTP call with exactly these headers: `fetch` replaces a Host header, node:http sends it as given. */
function send(url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<{ status: number; body: any }> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body)
  const headers = { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers }
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }))
    })
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

/** Starts an email login on a new device at `target` and answers the call and the approval mail it sent (if any). */
async function startLogin(target: string, headers: { origin?: string; forged?: boolean } = {}) {
  const email = freshEmail('proxied')
  const body = { email, deviceId: freshDeviceId(), projectId: 'latch-dev', appOrigin: APP }
  const origin = headers.origin ?? siteProxy.url
  const response = await send(`${target}/api/email/start`, { headers: { origin, ...(headers.forged ? FORGED : {}) }, body })
  return { email, body, status: response.status, answer: response.body as { code?: string } }
}

describe('given the backend and the secure site behind a balancer, on public URLs unlike their listening addresses', () => {
  it('positive control: a whole email login runs through the proxy, and the emailed link names the public origin', async () => {
    expect(backend.secureSiteUrl).toBe(siteProxy.url)
    const { email, body, status } = await startLogin(siteProxy.url)
    expect(status).toBe(200)
    const link = (await waitForMail(backend, email, 1)).link!
    expect(link.startsWith(`${siteProxy.url}/device/approve?token=`)).toBe(true)
    await approveDeviceLink(link)
    const code = (await waitForMail(backend, email, 2)).code
    const verified = await siteCall(siteProxy.url, '/api/otp/verify', { body: { ...body, otp: code } })
    expect(verified.status).toBe(200)
    expect(verified.body.token).toEqual(expect.any(String))
  })

  it('refuses the listening address as an Origin, whether the call comes through the proxy or straight to the socket', async () => {
    for (const target of [siteProxy.url, siteListening]) {
      const { email, status, answer } = await startLogin(target, { origin: siteListening })
      expect({ status, code: answer.code }).toEqual({ status: 403, code: 'ORIGIN_NOT_ALLOWED' })
      expect(await readMailbox(backend, email)).toEqual([])
    }
  })

  it('refuses a forged Host that matches a forged Origin: the site compares with its configured URL', async () => {
    for (const target of [siteProxy.url, siteListening]) {
      const { status, answer } = await startLogin(target, { origin: `https://${EVIL}`, forged: true })
      expect({ status, code: answer.code }).toEqual({ status: 403, code: 'ORIGIN_NOT_ALLOWED' })
    }
  })

  it('never puts a forged Host or X-Forwarded-Host in an emailed link', async () => {
    for (const target of [siteProxy.url, siteListening]) {
      const { email, status } = await startLogin(target, { forged: true })
      expect(status).toBe(200)
      const link = (await waitForMail(backend, email, 1)).link!
      expect(new URL(link).origin).toBe(siteProxy.url)
      expect(link).not.toContain(EVIL)
    }
  })

  it('sends the OAuth provider back to the public origin, whatever Host the call names', async () => {
    const response = await send(`${siteListening}/api/social/start`, { headers: { origin: siteProxy.url, ...FORGED }, body: { provider: 'google', projectId: 'latch-dev', appOrigin: APP } })
    expect(response.status).toBe(200)
    expect(new URL(response.body.uri).searchParams.get('redirect_uri')).toBe(`${siteProxy.url}/social/callback`)
  })

  it("links the backend's answers to its public URL, whatever Host or X-Forwarded-Host the call names", async () => {
    const path = `/v1/account/${backend.deployment.devAccount}/balance?projectId=latch-dev&currency=usd&chainId=eip155:31337`
    for (const target of [apiProxy.url, backend.url]) {
      const { body } = await send(`${target}${path}`, { headers: FORGED })
      expect(body.balances.length).toBeGreaterThan(0)
      for (const balance of body.balances) expect(balance.iconUrl.startsWith(`${apiProxy.url}/public/getTokenImage/`)).toBe(true)
    }
  })
})
