import { afterEach, describe, expect, it } from 'vitest'
import { connectTestAccount, type TestAccount } from '../../test/support/connectTestAccount.js'
import type { HistoryEntry } from '../account/index.js'
import { HistoryStore } from './HistoryStore.js'

let account: TestAccount | undefined
afterEach(() => account?.dispose())

const entry = (id: string): HistoryEntry => ({ id, metadata: { operationType: 'send', status: 'confirmed', chain: 'eip155:31337' }, transfers: [] })

async function setup(answer: () => Promise<HistoryEntry[]>) {
  account = await connectTestAccount()
  const errors: string[] = []
  const asked: string[] = []
  const store = new HistoryStore({
    connection: account.store,
    fetchHistory: (params) => {
      asked.push(params.caipNetworkId)
      return answer()
    },
    showError: (m) => void errors.push(m),
  })
  return { store, errors, asked, account }
}

describe('given an account history', () => {
  it("lists the active chain's transactions for the active account", async () => {
    const { store, asked, account } = await setup(async () => [entry('a'), entry('b')])
    await store.load()
    expect(asked).toEqual(['eip155:31337'])
    expect(store.current.map((e) => e.id)).toEqual(['a', 'b'])
    await account.store.switchNetwork('eip155:31338')
    expect(store.current).toEqual([])
  })

  it("a failure shows 'Failed to fetch transactions' and an empty list (SPEC §8)", async () => {
    const { store, errors } = await setup(async () => Promise.reject(new Error('HTTP status code: 500')))
    await store.load()
    expect(errors).toEqual(['Failed to fetch transactions'])
    expect(store.current).toEqual([])
  })

  it('without a blockchain service it stays empty and says nothing', async () => {
    account = await connectTestAccount()
    const errors: string[] = []
    const store = new HistoryStore({ connection: account.store, showError: (m) => void errors.push(m) })
    await store.load()
    expect(store.current).toEqual([])
    expect(errors).toEqual([])
  })
})
