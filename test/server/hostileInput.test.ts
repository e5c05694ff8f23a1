import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import WebSocket from 'ws'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'

let backend: RunningBackend
const SEED = 20261122

beforeAll(async () => {
  backend = await startBackend({ dev: true })
})
afterAll(() => backend?.close())

const GET_ROUTES = [
  '/appkit/v1/config',
  '/projects/v1/origins',
  '/getWallets',
  '/getAnalyticsConfig',
  '/getWalletImage/{id}',
  '/public/getAssetImage/{id}',
  '/public/getCurrencyImage/{id}',
  '/public/getTokenImage/{id}',
  '/v1/supported-chains',
  '/v1/identity/{address}',
  '/v1/account/{address}/history',
  '/v1/account/{address}/balance',
  '/v1/convert/quotes',
  '/v1/convert/tokens',
  '/v1/convert/allowance',
  '/v1/convert/gas-price',
  '/v1/convert/build-approve',
  '/v1/profile/account/{id}',
  '/v1/profile/reverse/{address}',
  '/v1/profile/suggestions/{id}',
  '/v1/onramp/options',
  '/v1/sessions/{address}',
  '/dev/deployment',
]
const POST_ROUTES = [
  '/e',
  '/v1',
  '/v1/fungible/price',
  '/v1/convert/build-transaction',
  '/v1/profile/account',
  '/v1/generators/onrampurl',
  '/v1/onramp/quote',
  '/v1/sessions/{address}',
  '/v1/sessions/{address}/revoke',
  '/v1/onramp/webhook/{id}',
]
const QUERY_KEYS = [
  'projectId', 'page', 'entries', 'search', 'badge_type', 'include', 'exclude', 'chains', 'chainId', 'cursor', 'onramp', 'limit',
  'currency', 'forceUpdate', 'amount', 'userAddress', 'from', 'to', 'gasPrice', 'tokenAddress', 'zone', 'apiVersion', 'sender', '__proto__', 'constructor',
]
const BODY_KEYS = [
  'eventId', 'timestamp', 'props', 'currency', 'addresses', 'projectId', 'amount', 'eip155', 'from', 'to', 'userAddress', 'coin_type', 'address',
  'message', 'signature', 'destinationWallets', 'defaultNetwork', 'presetCryptoAmount', 'presetFiatAmount', 'purchaseCurrency', 'paymentCurrency',
  'network', 'pci', 'jsonrpc', 'id', 'method', 'params', '__proto__',
]

// Strings that have broken servers: traversal, injection, huge numbers, odd unicode, numbers as text.
const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '', ' ', '0', '-1', '1e308', 'NaN', 'Infinity', '9'.repeat(90), '0x', '0x' + 'f'.repeat(40), '0x' + 'g'.repeat(40), 'eip155:31337',
    'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', 'eip155:1:0x0000000000000000000000000000000000000001', 'solana:x', '../../etc/passwd',
    '%00', "' OR 1=1 --", '<script>alert(1)</script>', '{"a":', '__proto__', 'constructor', '\u0000', '\ud800', 'a'.repeat(5000), 'latch-dev', 'USD',
    '11111111111111111111111111111111', 'AoTtKaGjC3YMUAYXv2PPQCctzmevDSEP23sdToNuwUi7', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  ),
)
const pathValue = fc.oneof(hostileString, fc.constantFrom('%raw:%', '%raw:%E0%A4%A', '%raw:..%2F..%2F', '%raw:%00', '%raw:a%2Fb', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'alice.reown.id', '00000000-0000-0000-0000-000000000000'))
const query = fc.dictionary(fc.constantFrom(...QUERY_KEYS), fc.oneof(hostileString, fc.constant('latch-dev')), { maxKeys: 6 })
const hostileJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.constantFrom(...BODY_KEYS), fc.oneof(hostileString, fc.jsonValue({ maxDepth: 2 }), fc.integer(), fc.double()), { maxKeys: 8 }),
  fc.array(fc.record({ jsonrpc: fc.constant('2.0'), id: fc.integer(), method: fc.oneof(hostileString, fc.constantFrom('getBalance', 'sendTransaction', 'eth_call', 'eth_sendRawTransaction', 'requestAirdrop', 'simulateTransaction')), params: fc.jsonValue({ maxDepth: 2 }) }), { maxLength: 4 }),
)
const body = fc.oneof(
  hostileJson.map((value) => ({ type: 'application/json', text: JSON.stringify(value) ?? 'null' })),
  fc.string({ maxLength: 60 }).map((text) => ({ type: 'application/json', text })),
  fc.string({ maxLength: 60 }).map((text) => ({ type: 'text/plain', text })),
  fc.string({ maxLength: 60 }).map((text) => ({ type: 'application/x-www-form-urlencoded', text })),
)

function fill(route: string, value: string): string {
  // Raw percent sequences (some malformed) go in as they are; everything else is encoded.
  const segment = value.startsWith('%raw:') ? value.slice(5) : encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd'))
  return route.replace(/\{(id|address)\}/g, segment)
}

function queryString(params: Record<string, string>): string {
  const search = new URLSearchParams()
  // Mostly the real project, so requests get past the project check into the route.
  search.set('projectId', 'latch-dev')
  for (const [key, value] of Object.entries(params)) search.set(key, value)
  return search.toString()
}

/** What may change only through a valid, signed request: none of these requests is one. */
async function storedData(): Promise<string> {
  const storage = backend.storage.db
  return JSON.stringify(await Promise.all((['names', 'onramp_orders', 'onramp_webhook_events', 'sessions', 'events'] as const).map((table) => storage.selectFrom(table).selectAll().execute())))
}

async function expectHandled(response: Response, label: string) {
  const text = await response.text()
  expect(response.status, `${label} → ${response.status} ${text.slice(0, 300)}`).toBeLessThan(500)
  expect(text, label).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/)
  if (response.status >= 400 && response.headers.get('content-type')?.includes('application/json')) {
    const error = JSON.parse(text) as { code?: unknown; message?: unknown }
    expect(typeof error.code, label).toBe('string')
    expect(typeof error.message, label).toBe('string')
  }
}

describe('given random and hostile input on every route', () => {
  // Every request carries a foreign Origin, so even a well-formed analytics event is refused.
  const headers = { origin: 'https://hostile.example' }

  it(`GET routes never answer 500 nor change stored data (seed ${SEED})`, async () => {
    const before = await storedData()
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...GET_ROUTES), pathValue, query, async (route, value, params) => {
        const url = `${backend.url}${fill(route, value)}?${queryString(params)}`
        await expectHandled(await fetch(url, { headers }), `GET ${url.slice(0, 200)}`)
      }),
      { seed: SEED, numRuns: 600 },
    )
    expect(await storedData()).toBe(before)
  })

  it(`POST routes never answer 500 nor change stored data (seed ${SEED})`, async () => {
    const before = await storedData()
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POST_ROUTES), pathValue, query, body, async (route, value, params, payload) => {
        const url = `${backend.url}${fill(route, value)}?${queryString(params)}`
        const response = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': payload.type }, body: payload.text })
        await expectHandled(response, `POST ${url.slice(0, 200)} ${payload.text.slice(0, 200)}`)
      }),
      { seed: SEED, numRuns: 600 },
    )
    expect(await storedData()).toBe(before)
  })

  it(`the chain RPC answers hostile JSON-RPC with JSON-RPC errors (seed ${SEED})`, async () => {
    const chains = ['eip155:31337', 'eip155:31338', backend.deployment.solana.caipNetworkId, 'eip155:1', 'solana:x', '']
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...chains), hostileJson, async (chainId, payload) => {
        const response = await fetch(`${backend.url}/v1?projectId=latch-dev&chainId=${encodeURIComponent(chainId)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        })
        await expectHandled(response, `RPC ${chainId} ${JSON.stringify(payload).slice(0, 200)}`)
      }),
      { seed: SEED, numRuns: 300 },
    )
  })

  it(`the Solana WebSocket answers hostile frames with errors and keeps serving (seed ${SEED})`, async () => {
    const socket = new WebSocket(backend.deployment.solana.wsUrl)
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    const replies: string[] = []
    socket.on('message', (data) => replies.push(data.toString()))
    const frames = fc.sample(
      fc.oneof(
        fc.string({ maxLength: 80 }),
        hostileJson.map((value) => JSON.stringify(value) ?? 'null'),
        fc.record({ jsonrpc: fc.constant('2.0'), id: fc.integer(), method: fc.constantFrom('signatureSubscribe', 'slotSubscribe', 'signatureUnsubscribe', 'accountSubscribe'), params: fc.jsonValue({ maxDepth: 2 }) }).map((value) => JSON.stringify(value)),
      ),
      { seed: SEED, numRuns: 200 },
    )
    for (const frame of frames) socket.send(frame)
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 'last', method: 'slotSubscribe' }))
    await expect.poll(() => replies.some((reply) => reply.includes('"id":"last"')), { timeout: 5000 }).toBe(true)
    for (const reply of replies) expect(() => JSON.parse(reply)).not.toThrow()
    expect(socket.readyState).toBe(WebSocket.OPEN)
    socket.close()
  })

  it('still serves after all of it', async () => {
    const response = await fetch(`${backend.url}/getWallets?projectId=latch-dev&entries=1`)
    expect(response.status).toBe(200)
    const balance = await fetch(`${backend.url}/v1/account/${backend.deployment.devAccount}/balance?projectId=latch-dev&chainId=eip155:31337`)
    expect(((await balance.json()) as { balances: unknown[] }).balances.length).toBeGreaterThan(0)
  })
})
