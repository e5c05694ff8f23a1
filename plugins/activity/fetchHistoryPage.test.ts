import { describe, expect, it } from 'vitest'
import { createHttpClient } from '../../ui-shell/services/createHttpClient.js'
import { startHttpServer } from '../../test/support/startHttpServer.js'
import { fetchHistoryPage, visibleTransactions, type HistoryEntry } from './fetchHistoryPage.js'

const entry = (id: string, transfers: HistoryEntry['transfers'], chain = 'eip155:31337'): HistoryEntry => ({
  id,
  metadata: { operationType: 'send', status: 'confirmed', chain, minedAt: '2026-01-01T00:00:00Z' },
  transfers,
})
const spamNft = { nft_info: { name: 'Free prize', flags: { is_spam: true } } }
const goodNft = { nft_info: { name: 'Latch #1', flags: { is_spam: false } } }
const usdc = { fungible_info: { name: 'USD Coin', symbol: 'USDC' }, quantity: { numeric: '5' } }

describe('given a history answer', () => {
  it('drops all-spam NFT transactions, other chains, chain-less entries and junk (SPEC §5), keeps mixed ones', () => {
    const chainless = { ...entry('e', [usdc]), metadata: { operationType: 'send' } }
    const data = [entry('a', [spamNft]), entry('b', [spamNft, usdc]), entry('c', [goodNft]), entry('d', [usdc], 'eip155:1'), chainless, { junk: true }, null]
    expect(visibleTransactions(data, 'eip155:31337').map((e) => e.id)).toEqual(['b', 'c'])
    expect(visibleTransactions({ not: 'a list' }, 'eip155:31337')).toEqual([])
  })

  it('drops an entry with a field of the wrong kind, which the Activity tab could not render', () => {
    const hostile = [
      { ...entry('objectStatus', [usdc]), metadata: { chain: 'eip155:31337', status: { text: 'confirmed' } } },
      entry('nullTransfer', [usdc, null as never]),
      entry('numberSymbol', [{ fungible_info: { symbol: 5 as never } }]),
      entry('fine', [usdc]),
    ]
    expect(visibleTransactions(hostile, 'eip155:31337').map((e) => e.id)).toEqual(['fine'])
  })
})

describe('given the history route over HTTP', () => {
  it('asks for the chain and cursor, keeps the visible entries and hands back the next cursor', async () => {
    const server = await startHttpServer((_request, response) => {
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ data: [entry('a', [spamNft]), entry('b', [usdc])], next: '50' }))
    })
    try {
      const client = createHttpClient({ baseUrl: server.url, projectId: 'p1' })
      const page = await fetchHistoryPage(client, { address: '0xabc', caipNetworkId: 'eip155:31337', cursor: '25' })
      expect(page).toEqual({ entries: [entry('b', [usdc])], next: '50' })
      const asked = new URL(server.requests[0]!.url, server.url)
      expect(asked.pathname).toBe('/v1/account/0xabc/history')
      expect(Object.fromEntries(['chainId', 'cursor', 'onramp'].map((key) => [key, asked.searchParams.get(key)]))).toEqual({ chainId: 'eip155:31337', cursor: '25', onramp: null })
    } finally {
      await server.close()
    }
  })

  it('reads the last page as having no next cursor', async () => {
    const server = await startHttpServer((_request, response) => {
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ data: [], next: null }))
    })
    try {
      const client = createHttpClient({ baseUrl: server.url, projectId: 'p1' })
      expect(await fetchHistoryPage(client, { address: '0xabc', caipNetworkId: 'eip155:31337', onramp: 'coinbase' })).toEqual({ entries: [], next: null })
      expect(new URL(server.requests[0]!.url, server.url).searchParams.get('onramp')).toBe('coinbase')
    } finally {
      await server.close()
    }
  })
})
