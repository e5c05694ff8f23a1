import { createPublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendJson, startHttpServer, type TestHttpServer } from '../../test/support/startHttpServer.js'
import { createRpcTransport } from './createRpcTransport.js'

type Call = { id: number; method: string }

// Two real JSON-RPC servers on loopback: one healthy, one that fails every call.
let healthy: TestHttpServer
let broken: TestHttpServer
beforeAll(async () => {
  healthy = await startHttpServer((_request, response, body) => {
    const parsed = JSON.parse(body) as Call | Call[]
    const answer = (call: Call) => ({
      jsonrpc: '2.0',
      id: call.id,
      result: call.method === 'eth_chainId' ? '0x7a69' : call.method === 'net_listening' ? true : '0x10',
    })
    sendJson(response, 200, Array.isArray(parsed) ? parsed.map(answer) : answer(parsed))
  })
  broken = await startHttpServer((_request, response) => sendJson(response, 500, { error: 'down' }))
})
afterAll(async () => {
  await healthy.close()
  await broken.close()
})

describe('given the chain RPC transport', () => {
  it('batches concurrent calls into one JSON-RPC 2.0 POST', async () => {
    const { transport } = createRpcTransport([healthy.url])
    const client = createPublicClient({ transport })
    const before = healthy.requests.length
    const [chainId, block] = await Promise.all([client.getChainId(), client.getBlockNumber({ cacheTime: 0 })])
    expect(chainId).toBe(31337)
    expect(block).toBe(16n)
    const posts = healthy.requests.slice(before)
    expect(posts).toHaveLength(1)
    const body = JSON.parse(posts[0]!.body) as Array<{ jsonrpc: string; method: string }>
    expect(body.map((c) => c.jsonrpc)).toEqual(['2.0', '2.0'])
  })

  it('once ranked, reads skip a failing first URL; after stop no ranking timer is left', async () => {
    const { transport, stop } = createRpcTransport([broken.url, healthy.url], { rankIntervalMs: 50 })
    const client = createPublicClient({ transport })
    const pings = () => healthy.requests.filter((r) => r.body.includes('net_listening')).length
    // Ranking pings over real HTTP, on a loaded 2-core machine.
    await expect.poll(pings, { timeout: 15_000 }).toBeGreaterThan(1)
    const brokenBefore = broken.requests.filter((r) => !r.body.includes('net_listening')).length
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(16n)
    expect(broken.requests.filter((r) => !r.body.includes('net_listening')).length).toBe(brokenBefore)
    stop()
  })

  it('ends a read still on the wire when stopped, instead of leaving it to its 10 s timeout', async () => {
    // A node that takes every call and never answers.
    const silent = await startHttpServer(() => {})
    try {
      const { transport, stop } = createRpcTransport([silent.url])
      const reading = createPublicClient({ transport }).getBlockNumber({ cacheTime: 0 })
      await expect.poll(() => silent.requests.length, { timeout: 10_000 }).toBe(1)
      stop()
      // Aborted by the stop, not the 10 s timeout's TimeoutError it would otherwise end with.
      await expect(reading).rejects.toMatchObject({ name: 'AbortError' })
    } finally {
      await silent.close()
    }
  }, 15_000)

  it('falls back from a failing URL and ranks by net_listening pings until stopped', async () => {
    // Pings counted as the transport hands them to fetch: a round started after stop is aborted
    // before it reaches a server, so the servers' logs would not show it.
    const counted = () => {
      const pings = { started: 0, inFlight: 0 }
      const fetchFn: typeof fetch = (input, init) => {
        const ping = String(init?.body).includes('net_listening')
        if (ping) (pings.started++, pings.inFlight++)
        return fetch(input, init).finally(() => ping && pings.inFlight--)
      }
      return { pings, fetchFn }
    }
    const pings = () => healthy.requests.filter((r) => r.body.includes('net_listening')).length
    const pingsBefore = pings()
    const ranked = counted()
    const { transport, stop } = createRpcTransport([broken.url, healthy.url], { rankIntervalMs: 50, fetchFn: ranked.fetchFn })
    const client = createPublicClient({ transport })
    expect(await client.getChainId()).toBe(31337)
    // Rounds keep coming every 50 ms while it runs.
    await expect.poll(() => pings() - pingsBefore, { timeout: 15_000 }).toBeGreaterThan(2)
    stop()
    // The last round may answer after stop, but must start no other.
    await expect.poll(() => ranked.pings.inFlight, { timeout: 15_000 }).toBe(0)
    const settled = ranked.pings.started
    // A witness on the same servers and interval, started now: once it has run two timed rounds,
    // a round the stopped transport had left scheduled would have started too.
    const witness = counted()
    const running = createRpcTransport([broken.url, healthy.url], { rankIntervalMs: 50, fetchFn: witness.fetchFn })
    try {
      expect(await createPublicClient({ transport: running.transport }).getChainId()).toBe(31337)
      await expect.poll(() => witness.pings.started, { timeout: 15_000 }).toBeGreaterThanOrEqual(3 * 2)
    } finally {
      running.stop()
    }
    expect(ranked.pings.started).toBe(settled)
    expect(ranked.pings.inFlight).toBe(0)
  })
})
