import { afterEach, describe, expect, it } from 'vitest'
import { connectTestAccount, type TestAccount } from '../../test/support/connectTestAccount.js'
import { localEvmNetwork } from '../../chains/networks/localNetworks.js'
import { DEAD_RPC } from '../../test/support/connectTestAccount.js'
import { FALLBACK_OPTIONS } from './onrampFallbacks.js'
import { OnrampStore, PURCHASE_SUCCESS, type OnrampTimers } from './OnrampStore.js'
import type { OnrampService, QuoteRequest } from './onrampService.js'
import type { OnrampPurchase, OnrampQuote } from './onrampTypes.js'
import { formatMoney } from './formatMoney.js'
import { englishOf } from '../../test/support/englishOf.js'
import en from './locales/en.json'

// The store's timing rules (debounce, stale answers, the wait and its limit) with the service
// as a hand-driven double: the service itself is tested against the real backend
// (OnrampStore.backend.test.ts) and over HTTP (onrampService.test.ts).

/** Timers run by hand: `tick()` runs what is due, in order. */
function manualTimers() {
  let now = 0
  const due = new Map<number, { at: number; run: () => void }>()
  let next = 1
  const timers: OnrampTimers = {
    set: (run, ms) => (due.set(next, { at: now + ms, run }), next++),
    clear: (handle) => void due.delete(handle as number),
  }
  return {
    timers,
    now: () => now,
    pending: () => due.size,
    async tick(ms: number) {
      now += ms
      for (const [handle, timer] of [...due].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > now) continue
        due.delete(handle)
        timer.run()
      }
      // Let the promise chains the timers started settle.
      for (let i = 0; i < 10; i++) await Promise.resolve()
    },
  }
}

const quoteFor = (request: QuoteRequest, id: string): OnrampQuote => ({
  purchaseAmount: { amount: request.amount, currency: request.purchaseCurrency },
  paymentTotal: { amount: request.amount, currency: request.paymentCurrency },
  paymentSubtotal: { amount: request.amount, currency: request.paymentCurrency },
  networkFee: { amount: '0.50', currency: request.paymentCurrency },
  coinbaseFee: { amount: '0.10', currency: request.paymentCurrency },
  quoteId: id,
})

let account: TestAccount | undefined
afterEach(() => account?.dispose())

async function setup({ purchases = [] as OnrampPurchase[][], openPopup = true } = {}) {
  account = await connectTestAccount()
  const clock = manualTimers()
  const asked: QuoteRequest[] = []
  const seen = { views: [] as string[], successes: [] as string[], opened: 0, refreshes: 0 }
  let reads = 0
  const service: OnrampService = {
    fetchOptions: async () => FALLBACK_OPTIONS,
    fetchQuote: async (request) => (asked.push(request), quoteFor(request, `quote-${asked.length}`)),
    createCheckoutUrl: async () => 'http://127.0.0.1:1/onramp/checkout/1',
    fetchPurchases: async () => {
      const answer = purchases[Math.min(reads++, purchases.length - 1)]
      if (!answer) throw new Error('history down')
      return answer
    },
  }
  const store = new OnrampStore({
    connection: account.store,
    service,
    openCheckout: () => (seen.opened++, openPopup),
    refreshBalances: async () => void seen.refreshes++,
    showError: () => {},
    showSuccess: (message) => void seen.successes.push(englishOf(message, en)),
    navigation: { showProgress: () => void seen.views.push('BuyInProgress'), showAccount: () => void seen.views.push('Account') },
    timers: clock.timers,
    now: clock.now,
    waitLimitMs: 10_000,
  })
  await store.open()
  return { store, clock, asked, seen, service }
}

/** Holds the next history read until the test releases it with an answer. */
function holdNextRead(service: OnrampService) {
  const read = service.fetchPurchases
  const held: { release?: (answer: OnrampPurchase[]) => void; reads: number } = { reads: 0 }
  service.fetchPurchases = (query) => {
    held.reads++
    if (held.release) return read(query)
    return new Promise((resolve) => (held.release = resolve))
  }
  return held
}

const paid = (id: string): OnrampPurchase => ({ id, status: PURCHASE_SUCCESS, symbol: 'USDC', amount: '24' })
const pending = (id: string): OnrampPurchase => ({ id, status: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS', symbol: 'USDC', amount: '24' })

describe('given a visitor typing an amount', () => {
  it('asks one quote, 300 ms after the last keystroke, and shows none for an amount it was not asked for', async () => {
    const { store, clock, asked } = await setup()
    for (const typed of ['2', '25', '25.5']) {
      store.setAmount(typed)
      await clock.tick(100)
    }
    expect(asked).toEqual([])
    await clock.tick(300)
    expect(asked.map((request) => request.amount)).toEqual(['25.5'])
    expect(store.currentQuote?.quoteId).toBe('quote-1')
    store.setAmount('26')
    expect(store.currentQuote).toBeUndefined()
    store.dispose()
  })

  it('asks nothing for an amount outside the limits', async () => {
    const { store, clock, asked } = await setup()
    store.setAmount('7')
    await clock.tick(1_000)
    expect(asked).toEqual([])
    expect(englishOf(store.amountError!, en)).toBe(`The minimum is ${formatMoney('10', 'USD')}`)
    store.dispose()
  })
})

describe('given a checkout awaited in BuyInProgress', () => {
  it('keeps waiting while the history fails or lists only older and unpaid purchases, then ends on the new paid one', async () => {
    const { store, clock, seen } = await setup({
      purchases: [[paid('old')], [], [paid('old'), pending('new')], [paid('old'), paid('new')]],
    })
    store.setAmount('25')
    await clock.tick(300)
    await store.startCheckout()
    expect([store.status, seen.views]).toEqual(['waiting', ['BuyInProgress']])
    await clock.tick(2_000)
    await clock.tick(2_000)
    expect(store.status).toBe('waiting')
    expect(store.purchase?.id).toBe('new')
    await clock.tick(2_000)
    expect(store.status).toBe('paid')
    expect(seen).toMatchObject({ views: ['BuyInProgress', 'Account'], successes: ['Bought 24 USDC'], refreshes: 1 })
    expect(clock.pending()).toBe(0)
    store.dispose()
  })

  it('gives up after its limit, and says so; a blocked popup can be opened again', async () => {
    const { store, clock, seen } = await setup({ purchases: [[]], openPopup: false })
    store.setAmount('25')
    await clock.tick(300)
    await store.startCheckout()
    expect(store.popupBlocked).toBe(true)
    store.reopenCheckout()
    expect(seen.opened).toBe(2)
    for (let i = 0; i < 6; i++) await clock.tick(2_000)
    expect(store.status).toBe('expired')
    expect(clock.pending()).toBe(0)
    store.dispose()
  })

  it('drops a checkout still being created when the network changes, so it never waits on the new one', async () => {
    // The new network's history lists a paid purchase the old checkout never knew of.
    const { store, clock, seen, service } = await setup({ purchases: [[paid('on-the-new-network')]] })
    store.setAmount('25')
    await clock.tick(300)
    const held = holdNextRead(service)
    const starting = store.startCheckout()
    expect(store.status).toBe('opening')
    // The first read (the purchases made before) is asked at once.
    expect(held.release).toBeDefined()
    account!.store.setActiveNetwork(localEvmNetwork(31338, DEAD_RPC))
    held.release!([])
    await starting
    expect(store.status).toBe('idle')
    expect(seen).toMatchObject({ opened: 0, views: [], successes: [] })
    for (let i = 0; i < 5; i++) await clock.tick(2_000)
    expect(held.reads).toBe(1)
    expect(seen.successes).toEqual([])
    store.dispose()
  })

  it('reads the history once more after dispose at most, and never polls again', async () => {
    const { store, clock, service } = await setup({ purchases: [[]] })
    store.setAmount('25')
    await clock.tick(300)
    await store.startCheckout()
    expect(store.status).toBe('waiting')
    // Proves the poll runs while the store lives: the next read is due in 2 s.
    const held = holdNextRead(service)
    await clock.tick(2_000)
    expect(held.reads).toBe(1)
    store.dispose()
    held.release!([])
    await clock.tick(0)
    expect(clock.pending()).toBe(0)
    for (let i = 0; i < 5; i++) await clock.tick(2_000)
    expect(held.reads).toBe(1)
  })

  it('stops waiting when the visitor switches network', async () => {
    const { store, clock } = await setup({ purchases: [[]] })
    store.setAmount('25')
    await clock.tick(300)
    await store.startCheckout()
    account!.store.setActiveNetwork(localEvmNetwork(31338, DEAD_RPC))
    expect(store.status).toBe('idle')
    expect(store.currentQuote).toBeUndefined()
    store.dispose()
  })
})
