import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { erc20Abi, formatUnits } from 'viem'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { createHttpClient } from '../../ui-shell/services/createHttpClient.js'
import { connectTestAccount, type TestAccount } from '../../test/support/connectTestAccount.js'
import { call, evmClients } from '../../test/server/support.js'
import { createOnrampService } from './onrampService.js'
import { OnrampStore, PURCHASE_SUCCESS, type OnrampStoreDeps } from './OnrampStore.js'
import { formatMoney } from './formatMoney.js'
import { payCheckout } from '../../test/support/onrampCheckout.js'
import { englishOf } from '../../test/support/englishOf.js'
import en from './locales/en.json'

// The store against the reference backend: real options, quotes and checkouts, paid on the local chain.
let backend: RunningBackend
let account: TestAccount
const q = 'projectId=latch-dev'
const UI = { timeout: 20_000, interval: 50 }

beforeAll(async () => {
  backend = await startBackend({ dev: true })
  // connectTestAccount's wallet is dev account #1 on 31337.
  account = await connectTestAccount()
}, 180_000)
afterAll(async () => {
  await setFault(false)
  account?.dispose()
  await backend?.close()
})

const setFault = async (failing: boolean) => {
  if (backend) expect((await call(backend, '/dev/onramp-fault', { method: 'PUT', body: { failing }, headers: { authorization: `Bearer ${backend.adminToken.value}` } })).status).toBe(200)
}

/** A store on the backend, with what it opens, shows and navigates to recorded. */
function makeStore(overrides: Partial<OnrampStoreDeps> = {}) {
  const seen = { opened: [] as string[], errors: [] as string[], successes: [] as string[], views: [] as string[], refreshes: 0, reads: 0 }
  const service = createOnrampService(createHttpClient({ baseUrl: backend.url, projectId: 'latch-dev' }))
  const store = new OnrampStore({
    connection: account.store,
    service: {
      ...service,
      fetchPurchases: (params) => (seen.reads++, service.fetchPurchases(params)),
    },
    openCheckout: (url) => (seen.opened.push(url), true),
    refreshBalances: async () => void seen.refreshes++,
    showError: (message) => void seen.errors.push(englishOf(message)),
    showSuccess: (message) => void seen.successes.push(englishOf(message, en)),
    navigation: { showProgress: () => void seen.views.push('BuyInProgress'), showAccount: () => void seen.views.push('Account') },
    quoteDelayMs: 0,
    pollIntervalMs: 50,
    ...overrides,
  })
  return { store, seen }
}

const usdcBalance = async () => {
  const { publicClient, deployment } = evmClients(backend, 31337)
  const usdc = deployment.contracts.usdc
  return formatUnits(await publicClient.readContract({ address: usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] }), usdc.decimals)
}

describe('given dev account #1 on 31337 and the on-ramp service up', () => {
  it('offers what the service sells on 31337, with the card and bank-transfer limits, and refuses amounts outside them', async () => {
    const { store } = makeStore()
    await store.open()
    expect(store.usesFallbackOptions).toBe(false)
    expect(store.isOffered).toBe(true)
    expect(store.networkName).toBe('latch-local')
    expect(store.purchaseCurrencies.map((currency) => currency.symbol)).toEqual(['ETH', 'USDC'])
    expect(store.selectedPurchase?.symbol).toBe('USDC')
    expect(store.paymentCurrencies.map((currency) => currency.id)).toEqual(['USD', 'EUR', 'GBP'])
    expect(store.limits).toEqual({ id: 'card', min: '10.00', max: '7500.00' })
    store.setAmount('9.99')
    expect(englishOf(store.amountError!, en)).toBe(`The minimum is ${formatMoney('10', 'USD')}`)
    store.setAmount('8000')
    expect(englishOf(store.amountError!, en)).toBe(`The maximum is ${formatMoney('7500', 'USD')}`)
    store.selectProvider('bank')
    expect(store.amountError).toBeUndefined()
    store.setAmount('25000.01')
    expect(englishOf(store.amountError!, en)).toBe(`The maximum is ${formatMoney('25000', 'USD')}`)
    store.setAmount('1.234')
    expect(englishOf(store.amountError!, en)).toBe('Enter an amount with at most 2 decimals')
    store.dispose()
  })

  it('quotes 25 USD of USDC, opens the checkout and, once it is paid on chain, refreshes the balances and shows Account', { timeout: 60_000 }, async () => {
    // An earlier purchase, already paid: the store must wait for the new one, not take this.
    const earlier = await call(backend, `/v1/generators/onrampurl?${q}`, {
      body: { destinationWallets: [{ address: account.address, blockchains: ['latch-local'], assets: ['USDC'] }], presetCryptoAmount: 1 },
    })
    expect((await payCheckout(earlier.body.url)).status).toBe(200)

    const { store, seen } = makeStore()
    await store.open()
    store.setAmount('25')
    await vi.waitFor(() => expect(store.currentQuote).toBeDefined(), UI)
    // 25 USD less the 1.5% provider fee and the 0.50 network fee, at 1 USD per USDC.
    expect(store.currentQuote).toMatchObject({ purchaseAmount: { amount: '24.125', currency: 'USDC' }, paymentTotal: { amount: '25.00', currency: 'USD' } })
    expect(store.isMockQuote).toBe(false)

    const before = Number(await usdcBalance())
    await store.startCheckout()
    expect(seen.errors).toEqual([])
    expect(store.status).toBe('waiting')
    expect(seen.views).toEqual(['BuyInProgress'])
    expect(seen.opened).toHaveLength(1)
    // The test checkout's own origin, which the options list: not the backend's.
    expect(new URL(seen.opened[0]!).origin).toBe(backend.testCheckout!.url)

    // The earlier paid purchase is in the history the store reads, and it keeps waiting.
    const history = await createOnrampService(createHttpClient({ baseUrl: backend.url, projectId: 'latch-dev' })).fetchPurchases({ address: account.address, caipNetworkId: 'eip155:31337' })
    expect(history.map((purchase) => purchase.status)).toEqual(['ONRAMP_TRANSACTION_STATUS_IN_PROGRESS', PURCHASE_SUCCESS])
    const readsBefore = seen.reads
    await vi.waitFor(() => expect(seen.reads).toBeGreaterThan(readsBefore + 3), UI)
    expect(store.status).toBe('waiting')
    expect(store.purchase).toMatchObject({ status: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS', symbol: 'USDC', amount: '24.125' })

    // The visitor pays on the checkout page.
    expect((await payCheckout(seen.opened[0]!)).status).toBe(200)
    await vi.waitFor(() => expect(seen.views).toEqual(['BuyInProgress', 'Account']), UI)
    expect(store.status).toBe('paid')
    expect(seen.refreshes).toBe(1)
    expect(seen.successes).toEqual(['Bought 24.125 USDC'])
    expect(Number(await usdcBalance()) - before).toBeCloseTo(24.125, 6)
    store.dispose()
  })
})

describe('given the on-ramp routes failing', () => {
  it("offers SPEC §9's fallback currencies, gives the mock quote, and says why no checkout opens", async () => {
    // The switch takes the admin token: a page, or a client without it, cannot turn it on.
    const foreign = await call(backend, '/dev/onramp-fault', { method: 'PUT', body: { failing: true }, headers: { origin: 'https://evil.example' } })
    expect(foreign.status).toBe(401)
    expect((await call(backend, `/v1/onramp/options?${q}`)).status).toBe(200)
    await setFault(true)
    expect((await call(backend, `/v1/onramp/options?${q}`)).body).toEqual({ code: 'ONRAMP_UNAVAILABLE', message: 'The on-ramp provider is unavailable' })
    const { store, seen } = makeStore()
    await store.open()
    expect(store.usesFallbackOptions).toBe(true)
    expect(store.purchaseCurrencies.map((currency) => currency.symbol)).toEqual(['USDC', 'ETH'])
    expect(store.paymentCurrencies.map((currency) => currency.id)).toEqual(['USD', 'EUR'])
    expect(store.limits).toEqual({ id: 'card', min: '10.00', max: '7500.00' })
    store.selectProvider('bank')
    expect(store.limits).toEqual({ id: 'ach_bank_account', min: '10.00', max: '25000.00' })
    store.setAmount('25')
    await vi.waitFor(() => expect(store.currentQuote).toBeDefined(), UI)
    expect(store.currentQuote?.quoteId).toBe('mocked-quote-id')
    expect(store.isMockQuote).toBe(true)

    await store.startCheckout()
    expect(store.status).toBe('idle')
    expect(seen.opened).toEqual([])
    expect(seen.errors).toHaveLength(1)
    expect(seen.errors[0]).toMatchInlineSnapshot(`"HTTP status code: 503"`)

    // Once the service is back, opening Buy again reads the real options.
    await setFault(false)
    await store.open()
    expect(store.usesFallbackOptions).toBe(false)
    expect(store.paymentCurrencies.map((currency) => currency.id)).toEqual(['USD', 'EUR', 'GBP'])
    store.dispose()
  })
})
