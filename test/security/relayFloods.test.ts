import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type WebSocket from 'ws'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { DEFAULT_RELAY_LIMITS } from '../../server/relay/RelayHub.js'
import { relaySocketUrl } from '../support/createRelayAuthToken.js'
import { openRelayClient, tryRelayUpgrade } from '../support/relayClient.js'

// Issue 26, "Abuse limits" on the WalletConnect relay (review M2: one client took all 1,000
// sockets and parked 100 MB for 30 days). The real backend behind a trusted proxy: each client is
// its X-Forwarded-For address. Each case first shows the legitimate client served, then the flood
// refused, then another client still served.
const SOCKETS_PER_IP = 50
const MESSAGE = 100_000
const TTL_30_DAYS = 30 * 24 * 3600

let backend: RunningBackend
let relayUrl: string
const opened: WebSocket[] = []

beforeAll(async () => {
  backend = await startBackend({ rateLimit: false, trustProxy: true })
  relayUrl = `${backend.url.replace('http', 'ws')}/relay`
}, 300_000)
afterAll(async () => {
  for (const ws of opened) ws.terminate()
  await backend?.close()
})

const from = (ip: string) => ({ 'x-forwarded-for': ip })
const topic = (n: number) => n.toString(16).padStart(64, '0')

describe('given the backend’s WalletConnect relay', () => {
  it('refuses upgrades without a known project id, a token for this relay, or one that lives past a day', async () => {
    expect(await tryRelayUpgrade(relaySocketUrl(relayUrl), from('192.0.2.1'))).toBe('open')
    expect(await tryRelayUpgrade(relaySocketUrl(relayUrl, { projectId: 'no-such-project' }), from('192.0.2.1'))).toEqual({ status: 403, body: { code: 'INVALID_PROJECT_ID', message: 'Invalid Project ID' } })
    expect(await tryRelayUpgrade(relaySocketUrl(relayUrl).replace('&projectId=latch-dev', ''), from('192.0.2.1'))).toMatchObject({ status: 403 })
    const unauthorized = { status: 401, body: { code: 'UNAUTHORIZED', message: 'Relay auth token invalid' } }
    expect(await tryRelayUpgrade(relaySocketUrl(relayUrl, { payload: { aud: 'wss://relay.walletconnect.org' } }), from('192.0.2.1'))).toEqual(unauthorized)
    expect(await tryRelayUpgrade(relaySocketUrl(relayUrl, { payload: { exp: 4_102_444_800 } }), from('192.0.2.1'))).toEqual(unauthorized)
  })

  it('lets one client open sockets up to its cap, refuses the next and its upgrade flood, and still lets another client in', async () => {
    for (let i = 0; i < SOCKETS_PER_IP; i++) expect(await tryRelayUpgrade(relaySocketUrl(relayUrl), from('198.51.100.1'), opened)).toBe('open')
    const tooMany = { status: 429, body: { code: 'TOO_MANY_SOCKETS', message: 'Too many open WebSockets' } }
    expect(await tryRelayUpgrade(relaySocketUrl(relayUrl), from('198.51.100.1'))).toEqual(tooMany)
    // Another client (another forwarded address) connects and is served.
    const wallet = await openRelayClient(relaySocketUrl(relayUrl), from('198.51.100.2'))
    expect((await wallet.call('irn_subscribe', { topic: topic(1) })).result).toMatch(/^[0-9a-f]{64}$/)
    wallet.ws.close()
    // Retrying upgrades does not help the flooder: past 120 a minute it is rate limited.
    let answer: Awaited<ReturnType<typeof tryRelayUpgrade>> = 'open'
    for (let attempt = 0; attempt < 120; attempt++) {
      answer = await tryRelayUpgrade(relaySocketUrl(relayUrl), from('198.51.100.1'))
      if (typeof answer === 'object' && answer.body.code === 'RATE_LIMITED') break
    }
    expect(answer).toEqual({ status: 429, body: { code: 'RATE_LIMITED', message: 'Rate limited' } })
  })

  it('refuses a client publishing past its byte budget, and still relays another client’s messages', async () => {
    const flooder = await openRelayClient(relaySocketUrl(relayUrl), from('203.0.113.1'))
    const listener = await openRelayClient(relaySocketUrl(relayUrl), from('203.0.113.3'))
    // Positive control: a large message with a long TTL is accepted, and delivered.
    expect((await listener.call('irn_subscribe', { topic: topic(100) })).result).toBeTypeOf('string')
    expect(await flooder.call('irn_publish', { topic: topic(100), message: 'a'.repeat(MESSAGE), ttl: TTL_30_DAYS, tag: 1 })).toMatchObject({ result: true })
    await expect.poll(() => listener.inbox.some((m) => m.method === 'irn_subscription' && m.params.data.topic === topic(100))).toBe(true)
    // The flood: distinct 100 KB messages to fresh topics, held until their TTL.
    const budget = DEFAULT_RELAY_LIMITS.maxBytesPerOwner
    let accepted = 1
    let refusal: Record<string, any> | undefined
    for (let n = 0; n < 2 * (budget / MESSAGE) && !refusal; n++) {
      const answer = await flooder.call('irn_publish', { topic: topic(1000 + n), message: `${n}`.padEnd(MESSAGE, 'x'), ttl: TTL_30_DAYS, tag: 1 })
      if (answer.error) refusal = answer.error
      else accepted++
    }
    expect(refusal).toEqual({ code: -32029, message: 'Too many bytes held for this client: wait until its messages expire' })
    expect(accepted).toBe(Math.floor(budget / MESSAGE))
    // The flooder's socket stays open, and the relay still serves another client.
    expect((await flooder.call('irn_subscribe', { topic: topic(101) })).result).toBeTypeOf('string')
    const wallet = await openRelayClient(relaySocketUrl(relayUrl), from('203.0.113.2'))
    expect(await wallet.call('irn_publish', { topic: topic(100), message: 'still served', ttl: 300, tag: 1 })).toMatchObject({ result: true })
    await expect.poll(() => listener.inbox.some((m) => m.method === 'irn_subscription' && m.params.data.message === 'still served')).toBe(true)
    for (const client of [flooder, listener, wallet]) client.ws.close()
  })
})
