import { describe, expect, it } from 'vitest'
import { WalletCatalogStore } from './WalletCatalogStore.js'
import type { WalletListing, WalletPage, WalletQuery } from './WalletListing.js'
import { ServerError } from '../../../ui-shell/errors/http.js'
import { createHttpClient } from '../../../ui-shell/services/createHttpClient.js'
import { sendJson, startHttpServer } from '../../../test/support/startHttpServer.js'

/** A catalogue of `total` wallets answering like `GET /getWallets`, recording each query. */
const catalogue = (total: number) => {
  const all: WalletListing[] = Array.from({ length: total }, (_, i) => ({ id: `w${i}`, name: `Wallet ${i}` }))
  const queries: WalletQuery[] = []
  const fetchPage = async (query: WalletQuery) => {
    queries.push(query)
    const matches = all
      .filter((w) => !query.exclude?.includes(w.id))
      .filter((w) => !query.search || w.name.toLowerCase().includes(query.search.toLowerCase()))
    const start = (query.page - 1) * query.entries
    return { data: matches.slice(start, start + query.entries), count: matches.length }
  }
  return { fetchPage, queries }
}

describe('WalletCatalogStore', () => {
  it('loads pages of 40 until the catalogue is exhausted', async () => {
    const { fetchPage, queries } = catalogue(90)
    const store = new WalletCatalogStore({ fetchPage, sleep: async () => {} })
    await store.loadNextPage()
    expect(store.wallets).toHaveLength(40)
    await store.loadNextPage()
    await store.loadNextPage()
    expect(store.wallets).toHaveLength(90)
    expect(store.hasMore).toBe(false)
    await store.loadNextPage()
    expect(queries.map((q) => [q.page, q.entries])).toEqual([
      [1, 40],
      [2, 40],
      [3, 40],
    ])
  })

  it('sends and enforces the excluded wallets', async () => {
    const { fetchPage, queries } = catalogue(10)
    const store = new WalletCatalogStore({ fetchPage, exclude: () => ['w1', 'w2'] })
    await store.loadNextPage()
    expect(queries[0]!.exclude).toEqual(['w1', 'w2'])
    expect(store.wallets.map((w) => w.id)).not.toContain('w1')
  })

  it('searches 100 entries and shows results no sooner than 300 ms', async () => {
    const { fetchPage, queries } = catalogue(500)
    const waits: number[] = []
    const store = new WalletCatalogStore({ fetchPage, sleep: async (ms) => void waits.push(ms) })
    await store.search('Wallet 4')
    expect(queries[0]).toMatchObject({ page: 1, entries: 100, search: 'Wallet 4' })
    expect(waits).toEqual([300])
    expect(store.visible.length).toBeGreaterThan(0)
    expect(store.visible.every((w) => w.name.includes('Wallet 4'))).toBe(true)
  })

  it('lets the newest query win over a slower, older answer', async () => {
    const { fetchPage } = catalogue(200)
    let releaseFirst!: () => void
    const store: WalletCatalogStore = new WalletCatalogStore({
      fetchPage,
      sleep: (): Promise<void> =>
        store.query === 'Wallet 1' ? new Promise<void>((resolve) => (releaseFirst = resolve)) : Promise.resolve(),
    })
    const first = store.search('Wallet 1')
    await store.search('Wallet 19')
    releaseFirst()
    await first
    expect(store.query).toBe('Wallet 19')
    expect(store.visible.map((w) => w.name)).toEqual(['Wallet 19', ...Array.from({ length: 10 }, (_, i) => `Wallet 19${i}`)])
  })

  it('keeps the error of a page the service failed, as the HTTP client reports it, and can retry', async () => {
    let fail = true
    const { fetchPage } = catalogue(5)
    // A real service over loopback, failing with a 500 until told otherwise.
    const server = await startHttpServer((request, response) => {
      if (fail) return sendJson(response, 500, { message: 'down' })
      const query = new URL(request.url!, 'http://service').searchParams
      void fetchPage({ page: Number(query.get('page')), entries: Number(query.get('entries')) }).then((page) => sendJson(response, 200, page))
    })
    try {
      const api = createHttpClient({ baseUrl: server.url, projectId: 'latch-dev' })
      const store = new WalletCatalogStore({ fetchPage: (query, signal) => api.get<WalletPage>('/getWallets', { query: { ...query }, signal }) })
      await store.loadNextPage()
      expect(store.pageError).toBeInstanceOf(ServerError)
      expect(store.pageError?.shortMessage).toBe('HTTP status code: 500')
      expect(store.wallets).toEqual([])
      fail = false
      await store.loadNextPage()
      expect(store.wallets).toHaveLength(5)
      expect(store.pageError).toBeUndefined()
    } finally {
      await server.close()
    }
  })
})
