import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { erc20Abi, parseAbi, parseUnits, type Address } from 'viem'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { createHttpClient } from '../../ui-shell/services/createHttpClient.js'
import type { TokenBalance } from '../../chains/connection/AccountState.js'
import { localEvmNetwork } from '../../chains/networks/localNetworks.js'
import { connectTestAccount, type TestAccount } from '../../test/support/connectTestAccount.js'
import { evmClients } from '../../test/server/support.js'
import { createConvertApi } from './convertApi.js'
import { sendConvertTransaction } from './sendConvertTransaction.js'
import { SwapStore, type SwapStoreDeps } from './SwapStore.js'

// The store against the reference backend, its local Uniswap V2 pools and a real wallet that signs
// (dev account #4, given 1,000 USDC by #0, which holds the test tokens and has approved the router
// already while seeding the pools): every amount is checked on chain.
let backend: RunningBackend
let account: TestAccount
const prompts: string[] = []
beforeAll(async () => {
  backend = await startBackend()
  const rpc = `${backend.url}/v1?chainId=eip155:31337&projectId=latch-dev`
  account = await connectTestAccount({
    rpc: { 31337: rpc },
    addressIndex: 4,
    approve: (method) => (prompts.push(method), true),
  })
  const owner = evmClients(backend, 31337, 0)
  await owner.publicClient.waitForTransactionReceipt({
    hash: await owner.walletClient.writeContract({ address: owner.deployment.contracts.usdc.address, abi: erc20Abi, functionName: 'transfer', args: [account.address, parseUnits('1000', 6)] }),
  })
}, 180_000)
afterAll(async () => {
  account?.dispose()
  await backend?.close()
})

const routerAbi = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)'])

/** A store on the real services; balances read from the real balance route. */
function storeFor(connected: TestAccount, overrides: Partial<SwapStoreDeps> = {}) {
  const blockchain = createHttpClient({ baseUrl: backend.url, projectId: 'latch-dev' })
  let balances: TokenBalance[] = []
  const events: Array<{ event: string; properties: Record<string, unknown> }> = []
  const swapped: string[] = []
  const store = new SwapStore({
    connection: connected.store,
    api: createConvertApi(blockchain, 'latch-dev'),
    balances: () => balances,
    loadBalances: async () => {
      const network = connected.store.activeNetwork!.caipNetworkId
      const body = await blockchain.get<{ balances: TokenBalance[] }>(`/v1/account/${connected.address}/balance`, { query: { currency: 'usd', chainId: network, forceUpdate: 'true' } })
      balances = body.balances
    },
    sendTransaction: (tx) => sendConvertTransaction(connected.store, tx),
    track: (event, properties) => void events.push({ event, properties }),
    showSuccess: () => {},
    onSwapped: (hash) => void swapped.push(hash),
    quoteDebounceMs: 5,
    ...overrides,
  })
  return { store, events, swapped }
}

const quoteSettled = async (store: SwapStore) => {
  await expect.poll(() => store.isQuoting, { timeout: 10_000 }).toBe(false)
}

describe('given dev account #4 on 31337 with 1,000 USDC, ETH and the local pools', () => {
  it('quotes 10 USDC → ETH as the router prices it, approves exactly 10 USDC, swaps, and the chain moves by the quote', async () => {
    const chain = evmClients(backend, 31337, 4)
    const { usdc, weth, router } = chain.deployment.contracts
    const owner = account.address
    const { store, events, swapped } = storeFor(account)
    await store.open()
    store.close()
    expect(store.tokens.map((token) => token.symbol)).toEqual(['ETH', 'USDC', 'LTK', 'WETH'])
    expect(store.fromToken?.symbol).toBe('ETH')
    // Suggested first (ETH, USDC, WETH in SPEC §9's order), then the rest.
    expect(store.suggestedTokens.map((row) => row.symbol)).toEqual(['ETH', 'USDC', 'WETH'])
    expect(store.searchResults.map((row) => row.symbol)).toEqual(['ETH', 'USDC', 'WETH', 'LTK'])
    store.setSearch('ltk')
    expect(store.searchResults.map((row) => row.symbol)).toEqual(['LTK'])

    store.selectToken('from', store.tokens.find((token) => token.symbol === 'USDC')!)
    store.selectToken('to', store.tokens.find((token) => token.symbol === 'ETH')!)
    store.setAmount('10')
    await quoteSettled(store)
    const amount = parseUnits('10', 6)
    const [, expected] = await chain.publicClient.readContract({ address: router, abi: routerAbi, functionName: 'getAmountsOut', args: [amount, [usdc.address, weth.address]] })
    expect(store.toAmount).toBe(expected)
    expect(store.inputError).toBeUndefined()
    expect(store.canReview).toBe(true)
    expect(store.rate).toMatch(/^1 USDC = 0\.000\d+ ETH$/)
    // 10 USDC is small beside 300,000 USDC in the pool: the 0.3% pool fee is most of the impact.
    expect(Number.parseFloat(store.priceImpact!)).toBeGreaterThanOrEqual(0.3)
    expect(Number.parseFloat(store.priceImpact!)).toBeLessThan(0.4)
    expect(store.networkFeeUsd).toMatch(/^(\$\d+\.\d\d|<\$0\.01)$/)

    await store.prepare()
    expect(store.needsApproval).toBe(true)
    // Nothing is swapped while the approval is missing.
    expect(await store.swap()).toBeUndefined()

    const usdcBefore = await chain.publicClient.readContract({ address: usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
    const ethBefore = await chain.publicClient.getBalance({ address: owner })
    prompts.length = 0
    const approveHash = await store.approve()
    expect(approveHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(store.approveStatus).toBe('done')
    expect(await chain.publicClient.readContract({ address: usdc.address, abi: erc20Abi, functionName: 'allowance', args: [owner, router] })).toBe(amount)
    expect(store.swapTx?.to.toLowerCase()).toBe(router.toLowerCase())

    const hash = await store.swap()
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(prompts).toEqual(['eth_sendTransaction', 'eth_sendTransaction'])
    expect(swapped).toEqual([hash])
    const paid = async (txHash: string) => {
      const receipt = await chain.publicClient.getTransactionReceipt({ hash: txHash as Address })
      return receipt.gasUsed * receipt.effectiveGasPrice
    }
    const gas = (await paid(approveHash!)) + (await paid(hash!))
    expect(await chain.publicClient.readContract({ address: usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })).toBe(usdcBefore - amount)
    // Nobody else trades here: the swap pays exactly the quote.
    expect((await chain.publicClient.getBalance({ address: owner })) - ethBefore + gas).toBe(expected)
    expect(events.map((entry) => entry.event)).toEqual(['INITIATE_SWAP', 'SWAP_SUCCESS'])
    expect(events[0]!.properties).toMatchObject({ network: 'eip155:31337', swapFromToken: 'USDC', swapToToken: 'ETH', swapFromAmount: '10' })
    // The form is empty again, the tokens kept.
    expect(store.amount).toBe('')
    expect(store.toToken).toBeUndefined()
  })

  it('swaps ETH → LTK with no approval', async () => {
    const chain = evmClients(backend, 31337, 4)
    const { ltk } = chain.deployment.contracts
    const { store } = storeFor(account)
    await store.open()
    store.close()
    store.selectToken('from', store.tokens.find((token) => token.symbol === 'ETH')!)
    store.selectToken('to', store.tokens.find((token) => token.symbol === 'LTK')!)
    store.setAmount('0.5')
    await quoteSettled(store)
    const quoted = store.toAmount!
    await store.prepare()
    expect(store.needsApproval).toBe(false)
    const before = await chain.publicClient.readContract({ address: ltk.address, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] })
    prompts.length = 0
    expect(await store.swap()).toBeDefined()
    expect(prompts).toEqual(['eth_sendTransaction'])
    expect(await chain.publicClient.readContract({ address: ltk.address, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] })).toBe(before + quoted)
  })

  it('refuses an amount above the balance before signing, and an amount the pools cannot price as insufficient liquidity', async () => {
    const { store, events } = storeFor(account)
    await store.open()
    store.close()
    const usdc = store.tokens.find((token) => token.symbol === 'USDC')!
    store.selectToken('from', usdc)
    store.selectToken('to', store.tokens.find((token) => token.symbol === 'LTK')!)
    store.setAmount('1000.01')
    await quoteSettled(store)
    expect(store.inputError?.shortMessage).toBe('Insufficient USDC balance')
    expect(store.canReview).toBe(false)
    prompts.length = 0
    expect(await store.approve()).toBeUndefined()
    expect(await store.swap()).toBeUndefined()
    expect(prompts).toEqual([])
    expect(events).toEqual([])

    // A holder of more USDC than exists: the router overflows and the quote route refuses it.
    const rich = storeFor(account, {
      balances: () => [{ name: 'USD Coin', symbol: 'USDC', chainId: '31337', address: usdc.address, value: 0, price: 1, quantity: { decimals: '6', numeric: '1' + '0'.repeat(60) } }] as TokenBalance[],
    }).store
    await rich.refresh()
    rich.selectToken('from', usdc)
    rich.selectToken('to', rich.tokens.find((token) => token.symbol === 'ETH')!)
    rich.setAmount('1' + '0'.repeat(59))
    await quoteSettled(rich)
    expect(rich.inputError?.shortMessage).toBe('Insufficient liquidity')
    expect(rich.canReview).toBe(false)
  })
})

describe('given a wallet on a network outside the swap list, and one the service has no gas price for', () => {
  it("says 'Network not supported for Swaps' and asks the service nothing; on eip155:1 'Network not supported for Gas Price'", async () => {
    const rpc = `${backend.url}/v1?chainId=eip155:31337&projectId=latch-dev`
    const outside = await connectTestAccount({ rpc: { 31339: rpc }, addressIndex: 3 })
    try {
      const { store } = storeFor(outside)
      expect(store.networkError?.shortMessage).toBe('Network not supported for Swaps')
      expect(store.inputError?.shortMessage).toBe('Network not supported for Swaps')
      await store.refresh()
      expect(store.tokens).toEqual([])
      expect(store.tokensFor).toBeUndefined()
    } finally {
      outside.dispose()
    }

    // Chain 1 is one of SPEC §9's 12, but this backend serves only its local chains.
    const mainnet = await connectTestAccount({ rpc: { 1: rpc }, addressIndex: 3, networks: [{ ...localEvmNetwork(1, rpc), name: 'Ethereum' }] })
    try {
      const { store } = storeFor(mainnet)
      expect(store.networkError).toBeUndefined()
      await store.refresh()
      expect(store.gasPriceError?.shortMessage).toBe('Network not supported for Gas Price')
      expect(store.inputError?.shortMessage).toBe('Network not supported for Gas Price')
      expect(store.tokens).toEqual([])
    } finally {
      mainnet.dispose()
    }
  })
})
