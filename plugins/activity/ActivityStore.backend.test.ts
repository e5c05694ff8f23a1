import { payCheckout } from '../../test/support/onrampCheckout.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAbi, parseEther } from 'viem'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { createHttpClient } from '../../ui-shell/services/createHttpClient.js'
import { connectTestAccount, type TestAccount } from '../../test/support/connectTestAccount.js'
import { call, evmClients } from '../../test/server/support.js'
import { ActivityStore } from './ActivityStore.js'
import { fetchHistoryPage } from './fetchHistoryPage.js'
import { englishOf } from '../../test/support/englishOf.js'

// The store against the reference backend and its local chain: history indexed from real blocks.
let backend: RunningBackend
let account: TestAccount
beforeAll(async () => {
  backend = await startBackend({ dev: true })
  // connectTestAccount's wallet is dev account #1 on 31337.
  account = await connectTestAccount()
  const owner = evmClients(backend, 31337, 0)
  const spam = owner.deployment.contracts.spamNft
  await owner.publicClient.waitForTransactionReceipt({
    hash: await owner.walletClient.writeContract({
      address: spam.address,
      abi: parseAbi(['function transferFrom(address from, address to, uint256 tokenId)']),
      functionName: 'transferFrom',
      args: [owner.account.address, account.address, BigInt(spam.tokenIds[0]!)],
    }),
  })
  const sender = evmClients(backend, 31337, 1)
  for (let i = 1; i <= 5; i++) await sender.walletClient.sendTransaction({ to: owner.account.address, value: parseEther(`0.00${i}`) })
}, 180_000)
afterAll(async () => {
  account?.dispose()
  await backend?.close()
})

describe('given dev account #1 with five sends and a spam-only transfer on 31337', () => {
  it('pages through its sends, newest first, and never lists the spam-only transaction', async () => {
    const blockchain = createHttpClient({ baseUrl: backend.url, projectId: 'latch-dev' })
    const errors: string[] = []
    const store = new ActivityStore({
      connection: account.store,
      fetchPage: (params) => fetchHistoryPage(blockchain, { ...params, limit: 2 }),
      showError: (message) => void errors.push(englishOf(message)),
      reportFailure: () => {},
    })
    await store.load()
    expect(store.current.map((entry) => entry.transfers[0]?.quantity?.numeric)).toEqual(['0.005', '0.004'])
    while (store.hasMore) await store.loadMore()
    expect(store.current.map((entry) => entry.transfers[0]?.quantity?.numeric)).toEqual(['0.005', '0.004', '0.003', '0.002', '0.001'])
    expect(store.current.every((entry) => entry.metadata.operationType === 'send')).toBe(true)
    expect(errors).toEqual([])
  })

  it('lists a paid on-ramp purchase once, as a purchase, at the top', async () => {
    const q = 'projectId=latch-dev'
    const order = await call(backend, `/v1/generators/onrampurl?${q}`, {
      body: { destinationWallets: [{ address: account.address, blockchains: ['latch-local'], assets: ['USDC'] }], presetCryptoAmount: 5 },
    })
    // Paid on the test checkout's own origin, which confirms the order to the backend by webhook.
    const paid = await payCheckout(order.body.url)
    expect(paid.status).toBe(200)
    const blockchain = createHttpClient({ baseUrl: backend.url, projectId: 'latch-dev' })
    const store = new ActivityStore({
      connection: account.store,
      fetchPage: (params) => fetchHistoryPage(blockchain, params),
      fetchPurchases: async (params) => (await fetchHistoryPage(blockchain, { ...params, onramp: 'coinbase' })).entries,
      showError: () => {},
      reportFailure: () => {},
    })
    await store.load()
    expect(store.current.map((entry) => entry.metadata.operationType)).toEqual(['buy', 'send', 'send', 'send', 'send', 'send'])
    expect(store.current[0]!.transfers[0]).toMatchObject({ fungible_info: { symbol: 'USDC' }, quantity: { numeric: '5' } })
  })
})
