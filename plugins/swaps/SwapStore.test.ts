import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { TokenBalance } from '../../chains/connection/AccountState.js'
import { createHttpClient } from '../../ui-shell/services/createHttpClient.js'
import { connectTestAccount, type TestAccount } from '../../test/support/connectTestAccount.js'
import { sendJson, startHttpServer, type TestHttpServer } from '../../test/support/startHttpServer.js'
import { createConvertApi, type ConvertTx } from './convertApi.js'
import { sendConvertTransaction } from './sendConvertTransaction.js'
import { SwapStore } from './SwapStore.js'

// The store against a real HTTP server whose answers each test decides (slow, failing, garbage),
// and a real wallet that signs (on a dead RPC: only its prompts are reached here).

const USDC = 'eip155:31337:0x5fbdb2315678afecb367f032d93f642f64180aa3'
const ETH = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const TOKENS = [
  { name: 'Ether', symbol: 'ETH', address: ETH, decimals: 18 },
  { name: 'USD Coin', symbol: 'USDC', address: USDC, decimals: 6 },
]
const BALANCES = [
  { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 0, price: 3000, quantity: { decimals: '18', numeric: '2' } },
  { name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:31337', address: USDC, value: 0, price: 1, quantity: { decimals: '6', numeric: '500' } },
] as TokenBalance[]

type Handler = (path: string, query: URLSearchParams, response: ServerResponse, request: IncomingMessage) => void
let handler: Handler
let server: TestHttpServer
let account: TestAccount
let walletApproves = true
beforeAll(async () => {
  server = await startHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    handler(url.pathname, url.searchParams, response, request)
  })
  account = await connectTestAccount({ approve: () => walletApproves })
})
afterAll(async () => {
  account?.dispose()
  await server?.close()
})
afterEach(() => {
  vi.useRealTimers()
  server.requests.length = 0
  walletApproves = true
})

/** The happy answers: two tokens, a quote of 1/3000 ETH per USDC, gas at 1 gwei. */
const serve: Handler = (path, query, response) => {
  if (path === '/v1/convert/tokens') return sendJson(response, 200, { tokens: TOKENS })
  if (path === '/v1/convert/gas-price') return sendJson(response, 200, { standard: '1000000000' })
  if (path === '/v1/fungible/price') return sendJson(response, 200, { fungibles: [{ symbol: 'ETH', price: 3000 }, { symbol: 'USDC', price: 1 }] })
  if (path === '/v1/convert/quotes') return sendJson(response, 200, { quotes: [{ toAmount: String((BigInt(query.get('amount')!) * 10n ** 12n) / 3000n) }] })
  if (path === '/v1/convert/allowance') return sendJson(response, 200, { allowance: '0' })
  if (path === '/v1/convert/build-approve') return sendJson(response, 200, { tx: { to: '0x5fbdb2315678afecb367f032d93f642f64180aa3', data: '0x095ea7b3', value: '0' } })
  sendJson(response, 404, { code: 'NOT_FOUND', message: path })
}

function newStore(api = createConvertApi(createHttpClient({ baseUrl: server.url, projectId: 'latch-dev' }), 'latch-dev')) {
  const events: string[] = []
  /** Every transaction handed to the wallet, in order. */
  const sent: ConvertTx[] = []
  const store = new SwapStore({
    connection: account.store,
    api,
    balances: () => BALANCES,
    loadBalances: async () => {},
    sendTransaction: (tx) => (sent.push(tx), sendConvertTransaction(account.store, tx)),
    track: (event) => void events.push(event),
    showSuccess: () => {},
    onSwapped: () => {},
    quoteDebounceMs: 20,
    quoteRefreshMs: 10_000,
  })
  return { store, events, sent }
}

const quoteRequests = () => server.requests.filter((request) => request.url.startsWith('/v1/convert/quotes'))

async function usdcToEth(store: SwapStore) {
  await store.refresh()
  store.selectToken('from', store.tokens[1]!)
  store.selectToken('to', store.tokens[0]!)
}

describe('given the Swap view open on 31337', () => {
  it('sends one quote for a burst of keystrokes, for the last amount', async () => {
    handler = serve
    const { store } = newStore()
    await usdcToEth(store)
    server.requests.length = 0
    for (const typed of ['3', '30', '300', '300.', '300.5']) store.setAmount(typed)
    expect(store.isQuoting).toBe(true)
    await expect.poll(() => store.toAmount, { timeout: 5_000 }).toBe(100_166_666_666_666_666n)
    expect(quoteRequests().map((request) => new URL(request.url, 'http://x').searchParams.get('amount'))).toEqual(['300500000'])
    expect(store.toAmountText).toBe('0.100166')
    expect(store.rate).toBe('1 USDC = 0.000333 ETH')
    expect(store.minimumReceived).toBe('0.099164 ETH')
    // 1 gwei × 200,000 gas × $3,000.
    expect(store.networkFeeUsd).toBe('$0.60')
    expect(store.priceImpact).toBe('0.00%')

    // Max: the whole USDC balance; of ETH, the balance less twice the estimated fee (2 × 200,000 gas at 1 gwei).
    store.setMaxAmount()
    expect(store.amount).toBe('500')
    store.switchTokens()
    store.setMaxAmount()
    expect(store.amount).toBe('1.9996')
  })

  it('drops an answer for an amount the visitor has since changed', async () => {
    let releaseSlow: (() => void) | undefined
    handler = (path, query, response, request) => {
      if (path === '/v1/convert/quotes' && query.get('amount') === '1000000') {
        releaseSlow = () => serve(path, query, response, request)
        return
      }
      serve(path, query, response, request)
    }
    // Knows when each answer reached the store.
    const api = createConvertApi(createHttpClient({ baseUrl: server.url, projectId: 'latch-dev' }), 'latch-dev')
    const answered: bigint[] = []
    const quote = api.quote
    api.quote = (params) => quote(params).finally(() => answered.push(params.amount))
    const { store } = newStore(api)
    await usdcToEth(store)
    store.setAmount('1')
    await expect.poll(() => releaseSlow !== undefined, { timeout: 5_000 }).toBe(true)
    store.setAmount('2')
    await expect.poll(() => store.toAmount, { timeout: 5_000 }).toBe((2_000_000n * 10n ** 12n) / 3000n)
    releaseSlow!()
    await expect.poll(() => answered, { timeout: 5_000 }).toEqual([2_000_000n, 1_000_000n])
    // The late answer for 1 USDC came after the one for 2: it is ignored.
    expect(store.quote?.key).toBe(store.quoteKey)
    expect(store.toAmount).toBe((2_000_000n * 10n ** 12n) / 3000n)
  })

  it('reads the quote again every 10 s while open, and not after close', async () => {
    handler = serve
    const { store } = newStore()
    await usdcToEth(store)
    store.setAmount('10')
    await store.fetchQuote()
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    await store.open()
    server.requests.length = 0
    vi.advanceTimersByTime(10_000)
    await expect.poll(() => quoteRequests().length, { timeout: 5_000 }).toBe(1)
    vi.advanceTimersByTime(10_000)
    await expect.poll(() => quoteRequests().length, { timeout: 5_000 }).toBe(2)
    store.close()
    vi.advanceTimersByTime(60_000)
    // A fresh quote proves requests still get through; only the refresh stopped.
    await store.fetchQuote()
    expect(quoteRequests()).toHaveLength(3)
  })

  it("a wallet that refuses the approval shows 'Signature declined' on the approval step, and reports SWAP_APPROVAL_ERROR", async () => {
    handler = serve
    const { store, events } = newStore()
    await usdcToEth(store)
    store.setAmount('10')
    await store.fetchQuote()
    await store.prepare()
    expect(store.needsApproval).toBe(true)
    walletApproves = false
    expect(await store.approve()).toBeUndefined()
    expect(store.approveError?.shortMessage).toBe('Signature declined')
    expect(store.approveStatus).toBe('idle')
    expect(store.needsApproval).toBe(true)
    expect(events).toEqual(['SWAP_APPROVAL_ERROR'])
  })
})

/** A swap built for the amount the POST asked, which its calldata carries, so a test can tell whose it is. */
function buildFor(response: ServerResponse, amount = builtAmount()): void {
  sendJson(response, 200, { tx: { to: '0x5fbdb2315678afecb367f032d93f642f64180aa3', data: `0x${BigInt(amount).toString(16)}`, value: amount, eip155: { gas: '100000' } } })
}

/** The amount the request being answered asked for (the server records each before answering it). */
const builtAmount = () => (JSON.parse(server.requests.at(-1)!.body) as { amount: string }).amount

describe('given the form changes while the swap is being built', () => {
  it('drops the late build for the old amount, and the swap is built and sent for the amount shown', async () => {
    let releaseSlow: (() => void) | undefined
    handler = (path, query, response, request) => {
      if (path !== '/v1/convert/build-transaction') return serve(path, query, response, request)
      const amount = builtAmount()
      if (amount === String(10n ** 18n) && !releaseSlow) releaseSlow = () => buildFor(response, amount)
      else buildFor(response)
    }
    const { store, sent } = newStore()
    await store.refresh()
    // ETH → USDC: no allowance, so Preview builds the swap at once.
    store.selectToken('to', store.tokens[1]!)
    store.setAmount('1')
    await store.fetchQuote()
    const preparing = store.prepare()
    await expect.poll(() => releaseSlow !== undefined, { timeout: 5_000 }).toBe(true)
    store.setAmount('0.5')
    await store.fetchQuote()
    releaseSlow!()
    await preparing
    expect(store.swapTx).toBeUndefined()

    await store.swap()
    const halfEther = 5n * 10n ** 17n
    expect(sent.map((tx) => tx.data)).toEqual([`0x${halfEther.toString(16)}`])
    expect(sent[0]!.value).toBe(String(halfEther))
  })

  it('drops a late USDC allowance once the visitor switched to swapping ETH, which needs no approval', async () => {
    let releaseSlow: (() => void) | undefined
    handler = (path, query, response, request) => {
      // 1,000 USDC approved: plenty for USDC, and meaningless for native ETH.
      if (path === '/v1/convert/allowance') return void (releaseSlow = () => sendJson(response, 200, { allowance: '1000000000' }))
      serve(path, query, response, request)
    }
    const { store } = newStore()
    await usdcToEth(store)
    store.setAmount('1')
    await store.fetchQuote()
    const preparing = store.prepare()
    await expect.poll(() => releaseSlow !== undefined, { timeout: 5_000 }).toBe(true)
    store.switchTokens()
    await store.fetchQuote()
    releaseSlow!()
    await preparing
    expect(store.fromToken?.symbol).toBe('ETH')
    expect(store.needsApproval).toBe(false)
    expect(store.allowanceOk).toBeUndefined()
  })

  it('keeps a build that still answers the form, and sends it without building again', async () => {
    handler = (path, query, response, request) => (path === '/v1/convert/build-transaction' ? buildFor(response) : serve(path, query, response, request))
    const { store, sent } = newStore()
    await store.refresh()
    store.selectToken('to', store.tokens[1]!)
    store.setAmount('1')
    await store.fetchQuote()
    await store.prepare()
    expect(store.swapTx?.data).toBe(`0x${(10n ** 18n).toString(16)}`)
    // 1 gwei × 100,000 gas (the built swap's) × $3,000.
    expect(store.networkFeeUsd).toBe('$0.30')
    await store.swap()
    expect(sent.map((tx) => tx.data)).toEqual([`0x${(10n ** 18n).toString(16)}`])
    expect(server.requests.filter((request) => request.url.startsWith('/v1/convert/build-transaction'))).toHaveLength(1)
  })
})

describe('given a service that fails or answers garbage', () => {
  it('reads garbage as no tokens, a 5xx gas price as not supported, and a 429 quote as its catalogue error, without a crash', async () => {
    handler = (path, query, response, request) => {
      if (path === '/v1/convert/tokens') return sendJson(response, 200, { tokens: [{ symbol: 1 }, 'x', null, TOKENS[0], TOKENS[1]] })
      if (path === '/v1/convert/gas-price') return sendJson(response, 503, { code: 'UNAVAILABLE', message: 'down' })
      if (path === '/v1/fungible/price') return void response.writeHead(200, { 'content-type': 'application/json' }).end('{not json')
      if (path === '/v1/convert/quotes') return sendJson(response, 429, { code: 'RATE_LIMITED', message: 'slow down' })
      serve(path, query, response, request)
    }
    const { store } = newStore()
    await usdcToEth(store)
    expect(store.tokens.map((token) => token.symbol)).toEqual(['ETH', 'USDC'])
    expect(store.gasPriceError?.shortMessage).toBe('Network not supported for Gas Price')
    expect(store.prices.size).toBe(0)
    store.setAmount('10')
    await store.fetchQuote()
    expect(store.quoteError?.shortMessage).toBe('HTTP status code: 429')
    expect(store.inputError?.shortMessage).toBe('HTTP status code: 429')
    expect(store.canReview).toBe(false)
    expect(store.networkFeeUsd).toBeUndefined()
  })

  it("refuses a built swap whose gas is not a number: the fee stays an estimate, and nothing reaches the wallet", async () => {
    handler = (path, query, response, request) => {
      if (path !== '/v1/convert/build-transaction') return serve(path, query, response, request)
      sendJson(response, 200, { tx: { to: '0x5fbdb2315678afecb367f032d93f642f64180aa3', data: '0x', value: builtAmount(), eip155: { gas: 'lots', gasPrice: '1000000000' } } })
    }
    const { store, events, sent } = newStore()
    await store.refresh()
    // ETH → USDC: Preview builds the swap at once.
    store.selectToken('to', store.tokens[1]!)
    store.setAmount('1')
    await store.fetchQuote()
    await store.prepare()
    expect(store.swapTx).toBeUndefined()
    // 1 gwei × the 200,000 gas estimate × $3,000.
    expect(store.networkFeeUsd).toBe('$0.60')
    expect(await store.swap()).toBeUndefined()
    expect(store.swapError?.shortMessage).toBe('No swap could be prepared')
    expect(sent).toEqual([])
    expect(events).toEqual(['INITIATE_SWAP', 'SWAP_ERROR'])
  })

  it("a quote of nothing is 'Insufficient liquidity'; a swap the service cannot build is told and reported as SWAP_ERROR", async () => {
    handler = (path, query, response, request) => {
      if (path === '/v1/convert/quotes') return sendJson(response, 200, { quotes: [] })
      if (path === '/v1/convert/allowance') return sendJson(response, 200, { allowance: 'lots' })
      if (path === '/v1/convert/build-transaction') return sendJson(response, 200, { tx: null })
      serve(path, query, response, request)
    }
    const { store, events } = newStore()
    await store.refresh()
    // ETH → USDC: no allowance needed.
    store.selectToken('to', store.tokens[1]!)
    store.setAmount('1')
    await store.fetchQuote()
    expect(store.inputError?.shortMessage).toBe('Insufficient liquidity')
    expect(await store.swap()).toBeUndefined()
    expect(events).toEqual([])

    handler = (path, query, response, request) => {
      if (path === '/v1/convert/build-transaction') return sendJson(response, 200, { tx: null })
      serve(path, query, response, request)
    }
    await store.fetchQuote()
    expect(store.canReview).toBe(true)
    await store.prepare()
    expect(store.needsApproval).toBe(false)
    expect(await store.swap()).toBeUndefined()
    expect(store.swapError?.shortMessage).toBe('No swap could be prepared')
    expect(events).toEqual(['INITIATE_SWAP', 'SWAP_ERROR'])
  })
})
