import { afterEach, describe, expect, it } from 'vitest'
import { connectTestAccount, type TestAccount } from '../../../test/support/connectTestAccount.js'
import { HistoryStore, type HistoryEntry } from './HistoryStore.js'

let account: TestAccount | undefined
afterEach(() => account?.dispose())

const entry = (id: string, transfers: HistoryEntry['transfers'], chain = 'eip155:31337'): HistoryEntry => ({
  id,
  metadata: { operationType: 'send', status: 'confirmed', chain, minedAt: '2026-01-01T00:00:00Z' },
  transfers,
})
const spamNft = { nft_info: { name: 'Free prize', flags: { is_spam: true } } }
const goodNft = { nft_info: { name: 'Latch #1', flags: { is_spam: false } } }
const usdc = { fungible_info: { name: 'USD Coin', symbol: 'USDC' }, quantity: { numeric: '5' } }

async function setup(answer: () => Promise<{ data: unknown }>) {
  account = await connectTestAccount()
  const errors: string[] = []
  const store = new HistoryStore({ connection: () => account!.store, fetchHistory: answer, showError: (m) => void errors.push(m) })
  return { store, errors }
}

describe('given an account history', () => {
  it('drops all-spam NFT transactions and other chains (SPEC §5), keeps mixed ones', async () => {
    const { store } = await setup(async () => ({
      data: [entry('a', [spamNft]), entry('b', [spamNft, usdc]), entry('c', [goodNft]), entry('d', [usdc], 'eip155:1'), { junk: true }],
    }))
    await store.load()
    expect(store.current.map((e) => e.id)).toEqual(['b', 'c'])
    expect(store.nfts.map((n) => n.name)).toEqual(['Latch #1'])
  })

  it("a failure shows 'Failed to fetch transactions' and an empty list (SPEC §8)", async () => {
    const { store, errors } = await setup(async () => Promise.reject(new Error('HTTP status code: 500')))
    await store.load()
    expect(errors).toEqual(['Failed to fetch transactions'])
    expect(store.current).toEqual([])
  })
})
