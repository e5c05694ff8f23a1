import { SignClient } from '@walletconnect/sign-client'
import Fastify, { type FastifyInstance } from 'fastify'
import { recoverMessageAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { generateKeyPairSync } from 'node:crypto'
import { createRelayAuthToken, relaySocketUrl } from '../../test/support/createRelayAuthToken.js'
import { openRelayClient } from '../../test/support/relayClient.js'
import { relayPlugin } from './relayPlugin.js'

const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9c86dae88c7a8412f4603b6b78690d')
let app: FastifyInstance
let relayUrl: string

beforeAll(async () => {
  app = Fastify()
  await app.register(relayPlugin, { path: '/relay', maxRequestsPerSecond: 20, limits: { maxSubscriptionsPerPeer: 5 }, pingIntervalMs: 200 })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  relayUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/relay`
})
afterAll(async () => {
  await app.close()
})

/** A raw client on the relay, speaking JSON-RPC. */
const rawClient = () => openRelayClient(relaySocketUrl(relayUrl))

const topic = (n: number) => n.toString(16).padStart(64, '0')
// Deliveries over a real socket, on a loaded 2-core machine.
const DELIVERY = { timeout: 15_000 }

describe('given the local relay', () => {
  it('keeps a published message and delivers it to a later subscriber', async () => {
    const a = await rawClient()
    const b = await rawClient()
    expect((await a.call('irn_publish', { topic: topic(1), message: 'hello', ttl: 300, tag: 1 })).result).toBe(true)
    const subscribed = await b.call('irn_subscribe', { topic: topic(1) })
    expect(typeof subscribed.result).toBe('string')
    const delivered = () => b.inbox.find((m) => m.method === 'irn_subscription')?.params.data
    await expect.poll(delivered, DELIVERY).toMatchObject({ topic: topic(1), message: 'hello', tag: 1 })
    const fetched = await b.call('irn_batchFetchMessages', { topics: [topic(1)] })
    expect(fetched.result).toMatchObject({ messages: [{ topic: topic(1), message: 'hello' }], hasMore: false })
    a.ws.close()
    b.ws.close()
  })

  it('refuses requests past the per-connection limits and malformed input without closing', async () => {
    const c = await rawClient()
    for (let i = 0; i < 5; i++) expect((await c.call('irn_subscribe', { topic: topic(100 + i) })).result).toBeTypeOf('string')
    expect((await c.call('irn_subscribe', { topic: topic(200) })).error).toEqual({ code: -32029, message: 'Too many subscriptions' })
    expect((await c.call('irn_subscribe', { topic: 'not-a-topic' })).error.code).toBe(-32602)
    expect((await c.call('eth_sendTransaction', {})).error.code).toBe(-32601)
    c.ws.send('{not json')
    await expect.poll(() => c.inbox.some((m) => m.error?.code === -32700), DELIVERY).toBe(true)
    // Flood: past the burst the relay answers "Too many requests" instead of working.
    for (let i = 0; i < 300; i++) c.ws.send(JSON.stringify({ id: 1000 + i, jsonrpc: '2.0', method: 'irn_publish', params: { topic: topic(9), message: 'x', ttl: 30 } }))
    await expect.poll(() => c.inbox.some((m) => m.error?.message === 'Too many requests'), DELIVERY).toBe(true)
    expect(c.ws.readyState).toBe(WebSocket.OPEN)
    c.ws.close()
  })

  it('refuses an upgrade without a valid auth token', async () => {
    const forged = createRelayAuthToken({ aud: relayUrl }, generateKeyPairSync('ed25519').privateKey).token
    const otherRelay = createRelayAuthToken({ aud: 'wss://relay.example/relay' }).token
    const longLived = createRelayAuthToken({ aud: relayUrl, exp: 4_102_444_800 }).token
    const good = createRelayAuthToken({ aud: relayUrl }).token
    const refused = ['projectId=latch-dev', 'projectId=latch-dev&auth=test', `projectId=latch-dev&auth=${forged}`, `projectId=latch-dev&auth=${otherRelay}`, `projectId=latch-dev&auth=${longLived}`, `auth=${good}`]
    for (const query of refused) {
      const ws = new WebSocket(`${relayUrl}?${query}`)
      const outcome = await new Promise((resolve) => ws.once('open', () => resolve('open')).once('error', () => resolve('refused')))
      expect(outcome).toBe('refused')
    }
  })

  it('closes a connection that sends a frame over the size limit, and only that one', async () => {
    const big = await rawClient()
    const bystander = await rawClient()
    const closed = new Promise<number>((resolve) => big.ws.once('close', (code) => resolve(code)))
    big.ws.send('x'.repeat(600 * 1024))
    expect(await closed).toBe(1009)
    expect((await bystander.call('irn_subscribe', { topic: topic(300) })).result).toBeTypeOf('string')
    bystander.ws.close()
  })

  it('pings its clients', async () => {
    const d = await rawClient()
    const pinged = await new Promise((resolve) => d.ws.once('ping', () => resolve(true)))
    expect(pinged).toBe(true)
    d.ws.close()
  })

  it('pairs a real dapp and wallet, relays personal_sign and the wallet-side disconnect', async () => {
    const common = { projectId: 'latch-dev', relayUrl, logger: 'error', telemetryEnabled: false } as const
    const dapp = await SignClient.init({ ...common, customStoragePrefix: 'relay-test-dapp', metadata: { name: 'dapp', description: '', url: 'http://127.0.0.1', icons: [] } })
    const wallet = await SignClient.init({ ...common, customStoragePrefix: 'relay-test-wallet', metadata: { name: 'wallet', description: '', url: 'http://127.0.0.1', icons: [] } })
    wallet.on('session_proposal', async ({ id }) => {
      await wallet.approve({
        id,
        namespaces: { eip155: { accounts: [`eip155:31337:${account.address}`], methods: ['personal_sign'], events: ['accountsChanged'], chains: ['eip155:31337'] } },
      })
    })
    wallet.on('session_request', async ({ id, topic, params }) => {
      const [message] = params.request.params as [string]
      const signature = await account.signMessage({ message: { raw: message as `0x${string}` } })
      await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: signature } })
    })
    const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [] } } })
    await wallet.pair({ uri: uri! })
    const session = await approval()
    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:31337:${account.address}`])
    const message = '0x68656c6c6f'
    const signature = (await dapp.request({ topic: session.topic, chainId: 'eip155:31337', request: { method: 'personal_sign', params: [message, account.address] } })) as `0x${string}`
    expect(await recoverMessageAddress({ message: { raw: message }, signature })).toBe(account.address)
    const deleted = new Promise((resolve) => dapp.on('session_delete', resolve))
    await wallet.disconnect({ topic: session.topic, reason: { code: 6000, message: 'User disconnected.' } })
    expect(await deleted).toMatchObject({ topic: session.topic })
    await dapp.core.relayer.transportClose()
    await wallet.core.relayer.transportClose()
  })
})
