import { afterEach, describe, expect, it } from 'vitest'
import { connectTestAccount, type TestAccount } from '../../test/support/connectTestAccount.js'
import type { HistoryEntry } from './fetchHistory.js'
import { HistoryStore } from './HistoryStore.js'

let account: TestAccount | undefined
afterEach(() => account?.dispose())

const entry = (id: string, transfers: HistoryEntry['transfers']): HistoryEntry => ({ id, metadata: { chain: 'eip155:31337' }, transfers })

async function setup(answer: () => Promise<HistoryEntry[]>) {
  account = await connectTestAccount()
  const errors: string[] = []
  const store = new HistoryStore({ connection: account.store, fetchHistory: answer, showError: (m) => void errors.push(m) })
  return { store, errors, account }
}

describe('given an account whose history holds NFTs', () => {
  it('lists the NFT transfers that are not spam, one per transfer', async () => {
    const { store } = await setup(async () => [
      entry('a', [{ nft_info: { name: 'Latch #1', content: { preview: { url: 'https://img.test/1.png' } } } }, { nft_info: { name: 'Free prize', flags: { is_spam: true } } }]),
      entry('b', [{ fungible_info: { symbol: 'USDC' } }, { nft_info: {} }]),
    ])
    await store.load()
    expect(store.nfts).toEqual([
      { key: 'a:0', name: 'Latch #1', image: 'https://img.test/1.png' },
      { key: 'b:1', name: 'NFT', image: undefined },
    ])
  })

  it("a failure shows 'Failed to fetch transactions' and no NFTs (SPEC §8)", async () => {
    const { store, errors } = await setup(async () => Promise.reject(new Error('HTTP status code: 500')))
    await store.load()
    expect(errors).toEqual(['Failed to fetch transactions'])
    expect(store.nfts).toEqual([])
  })

  it('keeps no NFTs of another account after a network switch', async () => {
    const { store, account } = await setup(async () => [entry('a', [{ nft_info: { name: 'Latch #1' } }])])
    await store.load()
    await account.store.switchNetwork('eip155:31338')
    expect(store.nfts).toEqual([])
  })
})

let activityAccount: TestAccount | undefined
afterEach(() => activityAccount?.dispose())

// The Activity tab's reads (the activity plugin shows `current`).

const activityEntry = (id: string): HistoryEntry => ({ id, metadata: { operationType: 'send', status: 'confirmed', chain: 'eip155:31337' }, transfers: [] })

async function setupActivity(answer: () => Promise<HistoryEntry[]>) {
  activityAccount = await connectTestAccount()
  const errors: string[] = []
  const asked: string[] = []
  const store = new HistoryStore({
    connection: activityAccount.store,
    fetchHistory: (params) => {
      asked.push(params.caipNetworkId)
      return answer()
    },
    showError: (m) => void errors.push(m),
  })
  return { store, errors, asked, account: activityAccount }
}

describe('given an account history', () => {
  it("lists the active chain's transactions for the active account", async () => {
    const { store, asked, account } = await setupActivity(async () => [activityEntry('a'), activityEntry('b')])
    await store.load()
    expect(asked).toEqual(['eip155:31337'])
    expect(store.current.map((e) => e.id)).toEqual(['a', 'b'])
    await account.store.switchNetwork('eip155:31338')
    expect(store.current).toEqual([])
  })

  it("a failure shows 'Failed to fetch transactions' and an empty list (SPEC §8)", async () => {
    const { store, errors } = await setupActivity(async () => Promise.reject(new Error('HTTP status code: 500')))
    await store.load()
    expect(errors).toEqual(['Failed to fetch transactions'])
    expect(store.current).toEqual([])
  })

  it('without a blockchain service it stays empty and says nothing', async () => {
    activityAccount = await connectTestAccount()
    const errors: string[] = []
    const store = new HistoryStore({ connection: activityAccount.store, showError: (m) => void errors.push(m) })
    await store.load()
    expect(store.current).toEqual([])
    expect(errors).toEqual([])
  })
})
