import { describe, expect, it } from 'vitest'
import type { HttpClient } from '../../ui-shell/index.js'
import { fetchHistory, visibleTransactions, type HistoryEntry } from './fetchHistory.js'

const entry = (id: string, transfers: HistoryEntry['transfers'], chain = 'eip155:31337'): HistoryEntry => ({
  id,
  metadata: { operationType: 'send', status: 'confirmed', chain, minedAt: '2026-01-01T00:00:00Z' },
  transfers,
})
const spamNft = { nft_info: { name: 'Free prize', flags: { is_spam: true } } }
const goodNft = { nft_info: { name: 'Latch #1', flags: { is_spam: false } } }
const usdc = { fungible_info: { name: 'USD Coin', symbol: 'USDC' }, quantity: { numeric: '5' } }

describe('given a history answer', () => {
  it('drops all-spam NFT transactions, other chains and junk (SPEC §5), keeps mixed ones', () => {
    const data = [entry('a', [spamNft]), entry('b', [spamNft, usdc]), entry('c', [goodNft]), entry('d', [usdc], 'eip155:1'), { junk: true }, null]
    expect(visibleTransactions(data, 'eip155:31337').map((e) => e.id)).toEqual(['b', 'c'])
    expect(visibleTransactions({ not: 'a list' }, 'eip155:31337')).toEqual([])
  })

  it('asks the history route for the chain and returns the visible transactions', async () => {
    const asked: Array<{ path: string; query: unknown }> = []
    const client = {
      get: async (path: string, options?: { query?: unknown }) => {
        asked.push({ path, query: options?.query })
        return { data: [entry('a', [spamNft]), entry('b', [usdc])] }
      },
    } as unknown as HttpClient
    const entries = await fetchHistory(client, { address: '0xabc', caipNetworkId: 'eip155:31337' })
    expect(entries.map((e) => e.id)).toEqual(['b'])
    expect(asked).toEqual([{ path: '/v1/account/0xabc/history', query: { chainId: 'eip155:31337' } }])
  })
})
