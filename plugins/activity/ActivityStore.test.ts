import { afterEach, describe, expect, it } from 'vitest'
import { connectTestAccount, type TestAccount } from '../../test/support/connectTestAccount.js'
import { ActivityStore, PENDING_TRANSACTIONS_LIMIT, type ActivityStoreDeps } from './ActivityStore.js'
import type { HistoryEntry, HistoryPage } from './fetchHistoryPage.js'
import { englishOf } from '../../test/support/englishOf.js'

let account: TestAccount | undefined
afterEach(() => account?.dispose())

const at = (id: string, minute: number, operationType = 'send'): HistoryEntry => ({
  id,
  metadata: { operationType, status: 'confirmed', chain: 'eip155:31337', minedAt: `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z` },
  transfers: [],
})

/** A history of `count` transactions one minute apart, newest first, served `size` at a time. */
function pagedHistory(count: number, size: number) {
  const all = Array.from({ length: count }, (_, i) => at(`tx${count - i}`, 59 - i))
  const asked: Array<string | undefined> = []
  const fetchPage = async ({ cursor }: { cursor?: string }): Promise<HistoryPage> => {
    asked.push(cursor)
    const start = Number(cursor ?? 0)
    return { entries: all.slice(start, start + size), next: start + size < count ? String(start + size) : null }
  }
  return { fetchPage, asked }
}

async function setup(deps: Partial<ActivityStoreDeps>) {
  account = await connectTestAccount()
  const errors: string[] = []
  const reported: unknown[] = []
  const store = new ActivityStore({
    connection: account.store,
    showError: (message) => void errors.push(englishOf(message)),
    reportFailure: (properties) => void reported.push(properties),
    ...deps,
  })
  return { store, errors, reported, account }
}

describe('given an account with more history than one page', () => {
  it('reads the first page, then one more page per loadMore, until the last', async () => {
    const history = pagedHistory(5, 2)
    const { store } = await setup({ fetchPage: history.fetchPage })
    await store.load()
    expect(store.current.map((e) => e.id)).toEqual(['tx5', 'tx4'])
    expect(store.hasMore).toBe(true)
    await store.loadMore()
    await store.loadMore()
    expect(store.current.map((e) => e.id)).toEqual(['tx5', 'tx4', 'tx3', 'tx2', 'tx1'])
    expect(store.hasMore).toBe(false)
    await store.loadMore()
    expect(history.asked).toEqual([undefined, '2', '4'])
  })

  it('asks for one page at a time even when loadMore is called twice at once', async () => {
    const history = pagedHistory(6, 2)
    const { store } = await setup({ fetchPage: history.fetchPage })
    await store.load()
    await Promise.all([store.loadMore(), store.loadMore()])
    expect(history.asked).toEqual([undefined, '2'])
  })

  it('merges on-ramp purchases by time, each one once the pages reach its time', async () => {
    const history = pagedHistory(4, 2)
    const purchase = { ...at('buy1', 0, 'buy'), metadata: { ...at('buy1', 0, 'buy').metadata, minedAt: '2026-01-01T00:57:30.000Z' } }
    const { store } = await setup({ fetchPage: history.fetchPage, fetchPurchases: async () => [purchase] })
    await store.load()
    // tx4 at :59, tx3 at :58: the purchase at :57:30 is older than the loaded page.
    expect(store.current.map((e) => e.id)).toEqual(['tx4', 'tx3'])
    await store.loadMore()
    expect(store.current.map((e) => e.id)).toEqual(['tx4', 'tx3', 'buy1', 'tx2', 'tx1'])
  })

  it("lists at most SPEC §9's 99 pending purchases, the newest", async () => {
    const pending = Array.from({ length: 120 }, (_, i) => ({
      id: `buy${i}`,
      metadata: { operationType: 'buy', status: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS', chain: 'eip155:31337', minedAt: new Date(Date.UTC(2026, 0, 2, 0, 0, i)).toISOString() },
      transfers: [],
    }))
    const { store } = await setup({ fetchPage: pagedHistory(2, 10).fetchPage, fetchPurchases: async () => pending })
    await store.load()
    const shown = store.current.filter((entry) => entry.id.startsWith('buy'))
    expect(PENDING_TRANSACTIONS_LIMIT).toBe(99)
    expect(shown).toHaveLength(99)
    expect(shown[0]!.id).toBe('buy119')
    expect(store.current.map((entry) => entry.id).slice(-2)).toEqual(['tx2', 'tx1'])
  })

  it('shows nothing of the account once the wallet moves to another chain', async () => {
    const { store, account } = await setup({ fetchPage: pagedHistory(3, 2).fetchPage })
    await store.load()
    await account.store.switchNetwork('eip155:31338')
    expect(store.current).toEqual([])
    expect(store.hasMore).toBe(false)
  })
})

describe('given a history route that fails', () => {
  it("shows 'Failed to fetch transactions' once, reports the error event and marks the list empty (SPEC §8)", async () => {
    const { store, errors, reported, account } = await setup({ fetchPage: async () => Promise.reject(new Error('HTTP status code: 500')) })
    await store.load()
    await store.loadMore()
    expect(errors).toEqual(['activity.fetchFailed'])
    expect(reported).toEqual([{ address: account.address, cursor: undefined }])
    expect(store.current).toEqual([])
    expect(store.hasMore).toBe(false)
  })

  it('a failing next page empties the list and stops paging', async () => {
    const history = pagedHistory(4, 2)
    let failing = false
    const { store, errors } = await setup({ fetchPage: (params) => (failing ? Promise.reject(new Error('HTTP status code: 500')) : history.fetchPage(params)) })
    await store.load()
    failing = true
    await store.loadMore()
    expect(errors).toEqual(['activity.fetchFailed'])
    expect(store.current).toEqual([])
    expect(store.hasMore).toBe(false)
  })

  it('without a blockchain service it stays empty and says nothing', async () => {
    const { store, errors } = await setup({})
    await store.load()
    expect(store.current).toEqual([])
    expect(errors).toEqual([])
  })
})
