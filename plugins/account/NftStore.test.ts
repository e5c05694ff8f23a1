import { afterEach, describe, expect, it } from 'vitest'
import { connectTestAccount, type TestAccount } from '../../test/support/connectTestAccount.js'
import type { NftItem } from './fetchNfts.js'
import { NftStore } from './NftStore.js'
import { englishOf } from '../../test/support/englishOf.js'

let account: TestAccount | undefined
afterEach(() => account?.dispose())

const lantern: NftItem = { key: '0xc:0', name: 'Latch Lanterns #0', image: 'http://127.0.0.1/public/getAssetImage/latch-local' }

async function setup(fetchNfts?: (params: { caipNetworkId: string }) => Promise<NftItem[]>) {
  account = await connectTestAccount()
  const errors: string[] = []
  const store = new NftStore({ connection: account.store, fetchNfts, showError: (m) => void errors.push(englishOf(m)) })
  return { store, errors, account }
}

describe('given an account holding NFTs', () => {
  it("lists what the route says it holds on the active chain, and nothing after a switch to another chain", async () => {
    const asked: string[] = []
    const { store, account } = await setup(async ({ caipNetworkId }) => (asked.push(caipNetworkId), [lantern]))
    await store.load()
    expect(store.nfts).toEqual([lantern])
    await account.store.switchNetwork('eip155:31338')
    expect(store.nfts).toEqual([])
    expect(asked).toEqual(['eip155:31337'])
  })

  it("a failure shows 'Failed to fetch NFTs' and an empty list", async () => {
    const { store, errors } = await setup(async () => Promise.reject(new Error('HTTP status code: 500')))
    await store.load()
    expect(errors).toEqual(['nfts.fetchFailed'])
    expect(store.nfts).toEqual([])
  })

  it('without a blockchain service it stays empty and says nothing', async () => {
    const { store, errors } = await setup()
    await store.load()
    expect(store.nfts).toEqual([])
    expect(errors).toEqual([])
  })
})
