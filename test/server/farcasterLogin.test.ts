import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isAddress } from 'viem'
import { decodeJwt } from 'jose'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { CHANNEL_TTL_MS, FarcasterRelay } from '../../server/farcaster/FarcasterRelay.js'
import { siteCall } from './secureSiteSupport.js'
import { FarcasterTestClient, parseConnectUrl } from '../support/farcasterTestClient.js'
import { testDatabaseUrl } from '../support/testDatabase.js'

// Farcaster login against the local Farcaster Connect relay: channels over HTTP, approvals signed
// by a custody key with viem, and the secure site as the relying party.
let backend: RunningBackend
let dataDir: string
const APP = 'http://127.0.0.1:5173'
let counter = 0
const freshName = (label: string) => `${label}${Date.now().toString(36)}${counter++}`

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'latch-farcaster-'))
  backend = await startBackend({
    databaseUrl: await testDatabaseUrl(),
    dev: true,
    dataDir,
    rateLimit: false,
    projects: [{ id: 'latch-dev', name: 'Latch dev', allowedOrigins: ['http://127.0.0.1:*'], features: { socials: true } }],
  })
})

afterAll(async () => {
  await backend?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

async function createChannel(body: Record<string, unknown> = { domain: '127.0.0.1:5173', siweUri: `${APP}/login`, nonce: 'abcdef123456' }) {
  const response = await fetch(`${backend.url}/v1/channel`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as { channelToken: string; url: string; nonce: string } }
}

async function channelStatus(channelToken: string) {
  const response = await fetch(`${backend.url}/v1/channel/status`, { headers: { authorization: `Bearer ${channelToken}` } })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function registeredClient(label = 'alice') {
  const client = new FarcasterTestClient(backend, freshName(label))
  await client.register()
  return client
}

describe('the local Farcaster Connect relay', () => {
  it('creates a channel with a farcaster://connect URL, stays pending, then completes once with the signed approval', async () => {
    const created = await createChannel()
    expect(created.status).toBe(201)
    expect(created.body.nonce).toBe('abcdef123456')
    expect(parseConnectUrl(created.body.url)).toEqual({ channelToken: created.body.channelToken, nonce: 'abcdef123456', siweUri: `${APP}/login`, domain: '127.0.0.1:5173' })

    const pending = await channelStatus(created.body.channelToken)
    expect(pending.status).toBe(202)
    expect(pending.body.state).toBe('pending')

    const client = await registeredClient()
    const approved = await client.authenticate(created.body.url)
    expect(approved.status).toBe(201)
    const done = await channelStatus(created.body.channelToken)
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ state: 'completed', fid: client.fid, username: client.username, nonce: 'abcdef123456' })
    expect(done.body.message).toContain(`farcaster://fid/${client.fid}`)
    expect(done.body.message).toContain(client.custody.address)

    expect((await client.authenticate(created.body.url)).status).toBe(409)
  })

  it('refuses a signature that is not by the fid’s custody address, and the channel stays pending', async () => {
    const { body } = await createChannel()
    const client = await registeredClient()
    const stranger = privateKeyToAccount(generatePrivateKey())
    const refused = await client.authenticate(body.url, { signer: stranger })
    expect(refused.status).toBe(401)
    expect(refused.body).toMatchObject({ code: 'INVALID_SIGNATURE' })
    expect((await channelStatus(body.channelToken)).body.state).toBe('pending')
    // The same channel still takes the right signature: the refusal was about the signer only.
    expect((await client.authenticate(body.url)).status).toBe(201)
  })

  it('refuses a message with another nonce, another domain or another fid', async () => {
    const { body } = await createChannel()
    const client = await registeredClient()
    for (const overrides of [{ nonce: 'zzzzzzzz9999' }, { domain: 'evil.example' }, { fid: client.fid + 1 }]) {
      const refused = await client.authenticate(body.url, { message: client.message(body.url, overrides) })
      expect(refused.status).toBe(401)
      expect(String(refused.body.message)).toMatch(/^Invalid sign-in message/)
    }
    expect((await channelStatus(body.channelToken)).body.state).toBe('pending')
  })

  it('refuses an unregistered fid, an unknown channel token, a registry write without the admin token and a new custody for a registered fid', async () => {
    const { body } = await createChannel()
    const unregistered = new FarcasterTestClient(backend, 'nobody')
    expect((await unregistered.authenticate(body.url)).body).toMatchObject({ code: 'UNKNOWN_FID' })
    expect(await channelStatus('not-a-channel')).toMatchObject({ status: 401, body: { code: 'INVALID_CHANNEL' } })
    const write = (fid: number, headers: Record<string, string>) =>
      fetch(`${backend.url}/dev/farcaster/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ fid, custody: privateKeyToAccount(generatePrivateKey()).address }),
      })
    expect((await write(7, { origin: 'https://evil.example' })).status).toBe(401)
    expect((await write(7, {})).status).toBe(401)
    const owner = new FarcasterTestClient(backend, freshName('owner'))
    await owner.register()
    // Registering again with its own address is a no-op; another address is refused, and the fid keeps its owner.
    await owner.register()
    const takeover = await write(owner.fid, { authorization: `Bearer ${backend.adminToken.value}` })
    expect({ status: takeover.status, body: await takeover.json() }).toMatchObject({ status: 409, body: { code: 'FID_ALREADY_REGISTERED' } })
  })

  it('expires a channel after its time (the relay’s clock moved on)', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z')
    const relay = new FarcasterRelay({ now: () => now })
    const short = await relay.createChannel({ domain: 'a.example', siweUri: 'https://a.example/', expirationTime: new Date(now + 60_000).toISOString() })
    const long = await relay.createChannel({ domain: 'a.example', siweUri: 'https://a.example/' })
    now += 59_000
    expect((await relay.status(short.channelToken)).state).toBe('pending')
    now += 2_000
    await expect(relay.status(short.channelToken)).rejects.toThrowError('This channel has expired')
    expect((await relay.status(long.channelToken)).state).toBe('pending')
    now += CHANNEL_TTL_MS
    await expect(relay.status(long.channelToken)).rejects.toThrowError('This channel has expired')
  })

  it('refuses an approval of an expired channel over HTTP', async () => {
    const { body } = await createChannel({ domain: '127.0.0.1:5173', siweUri: `${APP}/`, expirationTime: new Date(Date.now() + 1500).toISOString() })
    const client = await registeredClient()
    await expect.poll(async () => (await channelStatus(body.channelToken)).body.code, { timeout: 10_000, interval: 200 }).toBe('CHANNEL_EXPIRED')
    expect((await client.authenticate(body.url)).status).toBe(401)
  })
})

describe('Farcaster login on the secure site', () => {
  async function start(appOrigin = APP) {
    return siteCall(backend.secureSiteUrl, '/api/farcaster/start', { body: { projectId: 'latch-dev', appOrigin } })
  }

  it('opens a channel for the page’s host with its own nonce, then gives a session for the fid once the client approved', async () => {
    const started = await start()
    expect(started.status).toBe(200)
    const { url, loginSecret } = started.body as { url: string; loginSecret: string }
    const connect = parseConnectUrl(url)
    expect(connect.domain).toBe('127.0.0.1:5173')
    expect(connect.siweUri).toBe(APP)
    expect(connect.nonce).toMatch(/^[A-Za-z0-9]{8,}$/)

    expect((await siteCall(backend.secureSiteUrl, '/api/farcaster/poll', { body: { loginSecret } })).body).toEqual({ pending: true })
    const client = await registeredClient('bob')
    expect((await client.authenticate(url)).status).toBe(201)

    const done = await siteCall(backend.secureSiteUrl, '/api/farcaster/poll', { body: { loginSecret } })
    expect(done.status).toBe(200)
    expect(done.body.user).toMatchObject({ userName: client.username, socialProvider: 'farcaster' })
    expect(isAddress(done.body.user.evmAddress)).toBe(true)
    const me = await siteCall(backend.secureSiteUrl, '/api/user', { token: done.body.token })
    // /api/user says too whether a passkey seals the wallet (key shares are the default).
    expect(me.body).toEqual({ ...done.body.user, hasPasskey: false })
    // Issue 26: the session records the project and page it was made for.
    expect(decodeJwt(done.body.token)).toMatchObject({ projectId: 'latch-dev', appOrigin: APP })
    // The login is over: the secret is worth nothing now.
    expect((await siteCall(backend.secureSiteUrl, '/api/farcaster/poll', { body: { loginSecret } })).status).toBe(400)

    // The same fid again is the same user (same keys).
    const again = (await start()).body as { url: string; loginSecret: string }
    expect((await client.authenticate(again.url)).status).toBe(201)
    const second = await siteCall(backend.secureSiteUrl, '/api/farcaster/poll', { body: { loginSecret: again.loginSecret } })
    expect(second.body.user.evmAddress).toBe(done.body.user.evmAddress)
  })

  it('refuses a page origin off the project’s allow-list, and an unknown secret', async () => {
    expect((await start('https://evil.example')).status).toBe(403)
    expect((await siteCall(backend.secureSiteUrl, '/api/farcaster/poll', { body: { loginSecret: 'x'.repeat(43) } })).status).toBe(400)
  })
})
