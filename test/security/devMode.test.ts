import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { freshDeviceId, freshEmail, siteCall } from '../server/secureSiteSupport.js'
import { postedMessage, signInAtProvider } from '../server/socialLoginSupport.js'
import { call, evmClients } from '../server/support.js'
import { devFetch } from '../support/devRoute.js'
import { FarcasterTestClient } from '../support/farcasterTestClient.js'
import { listeningPorts } from '../support/listeningPorts.js'
import { startReverseProxy, type ReverseProxy } from '../support/startReverseProxy.js'
import { step } from '../support/step.js'
import { payCheckout } from '../support/onrampCheckout.js'

// Issue 26, "Stand-ins only in an explicit dev mode" (security review H3, H4, L1, L2, L5), on the
// real backend and chains, from Node (no page is needed: each attack is an HTTP client). Dev
// mode first shows each stand-in working, which is the attack path; then the same requests
// against a backend started without dev mode, and /dev/* behind a same-host reverse proxy.
const APP = 'http://127.0.0.1:5173'
const PROJECT = 'latch-dev'
const DEV_ROUTES = [
  ['GET', '/dev/deployment', undefined],
  ['GET', '/dev/mailbox?email=a%40b.example', undefined],
  ['POST', '/dev/farcaster/register', { fid: 1, custody: '0x000000000000000000000000000000000000dEaD' }],
  ['PUT', '/dev/history-fault/0x000000000000000000000000000000000000dEaD', { failing: false }],
  ['PUT', '/dev/onramp-fault', { failing: false }],
] as const
const portOf = (url: string) => Number(new URL(url).port)
const bearer = (backend: RunningBackend) => ({ authorization: `Bearer ${backend.adminToken.value}` })

/** `POST /api/social/start` for Google on the dev project, as the frame sends it. */
const startGoogle = (backend: RunningBackend) => siteCall(backend.secureSiteUrl, '/api/social/start', { body: { provider: 'google', projectId: PROJECT, appOrigin: APP } })

/** A test order as the on-ramp's URL generator makes one: to `receiver`, 300 USD of ETH (0.098 after the fees) on 31337. */
const orderFor = (backend: RunningBackend, receiver: string) =>
  call(backend, `/v1/generators/onrampurl?projectId=${PROJECT}`, { body: { destinationWallets: [{ address: receiver }], defaultNetwork: 'latch-local', presetFiatAmount: 300 } })

describe('in dev mode (`npm start`, `--dev`)', () => {
  let backend: RunningBackend
  let proxy: ReverseProxy
  let ownPorts: number[]
  beforeAll(async () => {
    const before = listeningPorts()
    backend = await startBackend({ dev: true, rateLimit: false })
    ownPorts = listeningPorts().filter((port) => !before.includes(port))
    proxy = await startReverseProxy(backend.url)
  }, 300_000)
  afterAll(async () => {
    await proxy?.close()
    await backend?.close()
  })

  it('positive control: the stand-ins run, and the local OpenID provider gives a session through the real social start route', async () => {
    await step('the OpenID stand-in, the on-ramp test checkout and the embedded mail server listen beside the backend and the secure site', () => {
      expect(backend.openIdIssuer).toBeDefined()
      expect(ownPorts).toEqual(expect.arrayContaining([portOf(backend.url), portOf(backend.secureSiteUrl), portOf(backend.openIdIssuer!), portOf(backend.testCheckout!.url)]))
      // The fifth is the embedded SMTP server.
      expect(ownPorts).toHaveLength(5)
    })
    await step('a user name and no password on the stand-in give a Google session', async () => {
      const started = await startGoogle(backend)
      expect(started.status).toBe(200)
      const callback = await signInAtProvider(started.body.uri, `${backend.secureSiteUrl}/social/callback`, { username: 'alice' })
      const posted = postedMessage(await (await fetch(callback)).text())
      const finished = await siteCall(backend.secureSiteUrl, '/api/social/finish', { body: { resultUri: posted!.message.resultUri, loginSecret: started.body.loginSecret } })
      expect(finished.status).toBe(200)
      expect(finished.body.user).toMatchObject({ userName: 'alice', socialProvider: 'google' })
      expect(isAddress(finished.body.user.evmAddress)).toBe(true)
    })
    await step('every /dev route answers the admin token', async () => {
      for (const [method, path, body] of DEV_ROUTES) {
        const answer = await call(backend, path, { method, body, headers: bearer(backend) })
        expect({ path, status: answer.status }).toEqual({ path, status: 200 })
      }
    })
    await step('the test checkout pays any HTTP client’s order out of the dev account (on chain)', async () => {
      const receiver = privateKeyToAccount(generatePrivateKey()).address
      const order = await orderFor(backend, receiver)
      expect(order.status).toBe(200)
      const paid = await payCheckout(order.body.url)
      expect(paid.body.status).toBe('paid')
      expect(await evmClients(backend, 31337).publicClient.getBalance({ address: receiver })).toBeGreaterThan(0n)
    })
  })

  it('/dev/* behind a same-host reverse proxy: the admin token opens it, the proxy’s loopback address does not', async () => {
    const email = freshEmail('proxied')
    const owner = new FarcasterTestClient({ url: proxy.url, adminToken: backend.adminToken }, 'owner')
    const attacker = privateKeyToAccount(generatePrivateKey())

    let link: string | undefined
    await step('positive control: through the proxy with the token, the mailbox shows the login mail (a new device: its approval link) and the registry takes a new fid', async () => {
      expect((await siteCall(backend.secureSiteUrl, '/api/email/start', { body: { email, deviceId: freshDeviceId(), projectId: PROJECT, appOrigin: APP } })).body).toEqual({ action: 'VERIFY_DEVICE' })
      await expect
        .poll(async () => (link = ((await (await devFetch({ url: proxy.url, adminToken: backend.adminToken }, `/dev/mailbox?email=${encodeURIComponent(email)}`)).json()) as { messages: Array<{ link?: string }> }).messages[0]?.link), { timeout: 15_000 })
        .toMatch(/\/device\/approve\?token=[\w-]+$/)
      await owner.register()
    })

    await step('without the token (the backend sees the proxy’s loopback peer), the mailbox and the registry answer 401', async () => {
      for (const headers of [{}, { origin: APP }, { 'x-forwarded-for': '127.0.0.1' }] as Array<Record<string, string>>) {
        const mailbox = await fetch(`${proxy.url}/dev/mailbox?email=${encodeURIComponent(email)}`, { headers })
        const text = await mailbox.text()
        expect({ headers, status: mailbox.status }).toEqual({ headers, status: 401 })
        expect(text).not.toContain(new URL(link!).searchParams.get('token')!)
        const takeover = await fetch(`${proxy.url}/dev/farcaster/register`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ fid: owner.fid, custody: attacker.address }),
        })
        expect({ headers, status: takeover.status, body: await takeover.json() }).toMatchObject({ headers, status: 401, body: { code: 'UNAUTHORIZED' } })
      }
    })

    await step('even with the token, the registry stand-in never gives a registered fid another custody address', async () => {
      const overwrite = await devFetch({ url: proxy.url, adminToken: backend.adminToken }, '/dev/farcaster/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fid: owner.fid, custody: attacker.address }),
      })
      expect({ status: overwrite.status, body: await overwrite.json() }).toMatchObject({ status: 409, body: { code: 'FID_ALREADY_REGISTERED' } })
    })

    await step('read back: the fid still signs in with its owner’s key only', async () => {
      const impostor = new FarcasterTestClient({ url: proxy.url, adminToken: backend.adminToken }, 'impostor', owner.fid)
      const channel = await call(backend, '/v1/channel', { body: { domain: '127.0.0.1:5173', siweUri: `${APP}/login` } })
      expect(channel.status).toBe(201)
      expect(await impostor.authenticate(channel.body.url)).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } })
      expect(await owner.authenticate(channel.body.url)).toMatchObject({ status: 201, body: { state: 'completed', fid: owner.fid } })
    })
  })
})

describe('outside dev mode (`npm run server` without `--dev`)', () => {
  let backend: RunningBackend
  let ownPorts: number[]
  beforeAll(async () => {
    const before = listeningPorts()
    backend = await startBackend({ rateLimit: false })
    ownPorts = listeningPorts().filter((port) => !before.includes(port))
  }, 300_000)
  afterAll(() => backend?.close())

  it('social login is refused as not configured, and no OpenID stand-in (nor mail server) listens', async () => {
    const started = await startGoogle(backend)
    expect({ status: started.status, body: started.body }).toEqual({ status: 400, body: { code: 'SOCIAL_PROVIDER_NOT_CONFIGURED', message: 'google login is not configured on this secure site' } })
    expect(backend.openIdIssuer).toBeUndefined()
    // Only the backend and the secure site: no local OpenID provider, no SMTP server.
    expect(ownPorts).toEqual([portOf(backend.url), portOf(backend.secureSiteUrl)].sort((a, b) => a - b))
    // Email (no --smtp) and Farcaster (no ID-registry lookup) are refused the same way.
    expect((await siteCall(backend.secureSiteUrl, '/api/email/start', { body: { email: freshEmail('prod'), deviceId: freshDeviceId(), projectId: PROJECT, appOrigin: APP } })).body).toMatchObject({
      code: 'EMAIL_LOGIN_NOT_CONFIGURED',
    })
    expect((await siteCall(backend.secureSiteUrl, '/api/farcaster/start', { body: { projectId: PROJECT, appOrigin: APP } })).body).toEqual({
      code: 'SOCIAL_PROVIDER_NOT_CONFIGURED',
      message: 'farcaster login is not configured on this secure site',
    })
  })

  it('every /dev route is 404, even with the admin token, and no test order is created or paid (balance on chain)', async () => {
    for (const [method, path, body] of DEV_ROUTES) {
      const answer = await call(backend, path, { method, body, headers: bearer(backend) })
      expect({ path, status: answer.status, code: answer.body.code }).toEqual({ path, status: 404, code: 'NOT_FOUND' })
    }
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    expect(await orderFor(backend, receiver)).toMatchObject({ status: 503, body: { code: 'ONRAMP_UNAVAILABLE' } })
    // No test checkout listens, and no provider's webhook is taken.
    expect(backend.testCheckout).toBeUndefined()
    expect((await call(backend, '/v1/onramp/webhook/latch-test-checkout', { body: { id: 'e' } })).body).toMatchObject({ code: 'UNKNOWN_PROVIDER' })
    expect(await evmClients(backend, 31337).publicClient.getBalance({ address: receiver })).toBe(0n)
  })

  it('refuses "*" as an allowed origin through the admin API, saying why, and keeps the project as it was', async () => {
    const admin = (method: string, path: string, body?: unknown) => call(backend, `/admin/api${path}`, { method, body, headers: bearer(backend) })
    // Positive control: the same call with a real origin is taken.
    expect((await admin('PATCH', `/projects/${PROJECT}`, { allowedOrigins: ['http://127.0.0.1:*', 'https://shop.example'] })).status).toBe(200)
    for (const [method, path, body] of [
      ['PATCH', `/projects/${PROJECT}`, { allowedOrigins: ['*'] }],
      ['POST', '/projects', { id: 'open-to-all', allowedOrigins: ['https://shop.example', '*'], features: {} }],
    ] as const) {
      const refused = await admin(method, path, body)
      expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 400, code: 'INVALID_REQUEST' })
      expect(refused.body.message).toContain('"*" is not accepted: it would let every site embed the wallet')
    }
    expect((await admin('GET', `/projects/${PROJECT}`)).body.allowedOrigins).toEqual(['http://127.0.0.1:*', 'https://shop.example'])
    expect((await admin('GET', '/projects/open-to-all')).status).toBe(404)
  })
})
