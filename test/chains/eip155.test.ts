import { when } from 'mobx'
import { createPublicClient, createTestClient, erc20Abi, http, parseEther, verifyMessage, verifyTypedData, type Address } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKernel as createKit } from '../../kernel/index.js'
import type { Kit } from '../../kernel/Kit.js'
import { eip155Connectors } from '../../chains/eip155/eip155Connectors.js'
import type { Eip155Adapter } from '../../chains/eip155/adapter.js'
import { localEvmNetwork } from '../../chains/networks/localNetworks.js'
import type { Network } from '../../chains/networks/Network.js'
import { DISCONNECT_TIMEOUT_MS } from '../../chains/connection/ConnectionStore.js'
import { connectors, ConnectionStoreToken } from '../../plugins/connectors/index.js'
import { burnerConnector } from '../../examples/custom-connector/burnerConnector.js'
import { startHardhatNode, type HardhatNode } from '../../server/chains/startHardhatNode.js'
import { createMemoryStorage } from '../support/createMemoryStorage.js'
import { deployTestToken } from '../support/deployTestToken.js'
import { deployNoReturnToken } from '../support/deployNoReturnToken.js'
import { announceEip6963, createTestEip1193Wallet, type TestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'

// Hardhat's dev accounts #1 (the wallet) and #2 (a recipient).
const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 1 })
const recipient = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as Address
const INFO = { uuid: '2f0c5d8e-7c1b-4f7e-9d3a-1b2c3d4e5f60', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'io.latch.testwallet' }

let chainA: HardhatNode
let chainB: HardhatNode
let networks: Network[]
let token: Address

beforeAll(async () => {
  ;[chainA, chainB] = await Promise.all([startHardhatNode({ chainId: 31337 }), startHardhatNode({ chainId: 31338 })])
  networks = [localEvmNetwork(31337, chainA.rpcUrl), localEvmNetwork(31338, chainB.rpcUrl)]
  token = await deployTestToken(chainA.rpcUrl, account)
})
afterAll(async () => {
  await Promise.all([chainA?.stop(), chainB?.stop()])
})

/** A page: an event target where the test wallet announces itself, and a kit on it. */
function startPage(options: { wallet?: TestEip1193Wallet; storage?: ReturnType<typeof createMemoryStorage>; usdtContracts?: ReadonlySet<string> } = {}) {
  const target = new EventTarget()
  const stopAnnouncing = options.wallet ? announceEip6963(target, options.wallet, INFO) : () => {}
  const storage = options.storage ?? createMemoryStorage()
  const kit = createKit({ projectId: 'latch-dev', storage }, [
    connectors({ networks, sources: [eip155Connectors({ target, injected: false, usdtContracts: options.usdtContracts })] }),
  ])
  const events: Array<{ event: string; payload: unknown }> = []
  for (const event of ['wallet:connected', 'wallet:disconnected', 'network:changed'] as const) {
    kit.on(event, (payload) => events.push({ event, payload }))
  }
  const failures: unknown[] = []
  kit.on('plugin:failed', (payload) => failures.push(payload))
  return {
    kit,
    storage,
    events,
    failures,
    store: () => kit.resolve(ConnectionStoreToken),
    async close() {
      stopAnnouncing()
      await kit.dispose()
    },
  }
}

const reader = (url: string) => createPublicClient({ transport: http(url) })

describe('given an EIP-6963 test wallet on the local chains', () => {
  // A wallet and a page of their own for each test (the chains are the file's): each runs alone.
  let wallet: TestEip1193Wallet
  let page: ReturnType<typeof startPage>
  let kit: Kit

  beforeEach(async () => {
    // The wallet knows 31337 only: 31338 is a chain it must be asked to add.
    wallet = createTestEip1193Wallet({ account, chains: { 31337: chainA.rpcUrl } })
    page = startPage({ wallet })
    kit = page.kit
    await kit.ready
  })
  afterEach(() => page.close())

  /** Connects the page to the wallet, as the first test does and checks. */
  const connect = () => page.store().connect('io.latch.testwallet')

  it('lists the announced wallet and connects it', async () => {
    const store = page.store()
    const registry = kit.resolve((await import('../../plugins/connectors/index.js')).ConnectorRegistryToken)
    expect(registry.get('io.latch.testwallet', 'eip155')).toMatchObject({ name: 'Latch Test Wallet', type: 'ANNOUNCED', info: { rdns: 'io.latch.testwallet' } })
    const caipAddress = await store.connect('io.latch.testwallet')
    expect(caipAddress).toBe(`eip155:31337:${account.address}`)
    expect(kit.getState()).toMatchObject({ address: account.address, caipAddress, caipNetworkId: 'eip155:31337', status: 'connected' })
    expect(page.events).toContainEqual({ event: 'wallet:connected', payload: { namespace: 'eip155', connectorId: 'io.latch.testwallet', caipAddress, restored: false } })
    expect(store.activeAccountState).toMatchObject({ connectedWalletInfo: { name: 'Latch Test Wallet', type: 'ANNOUNCED' }, allAccounts: [{ address: account.address, type: 'eoa' }] })
    await when(() => store.activeAccountState?.balance !== undefined)
    expect(store.activeAccountState?.balanceSymbol).toBe('ETH')
    expect(store.recentWallets).toEqual([{ id: 'io.latch.testwallet', name: 'Latch Test Wallet', rdns: 'io.latch.testwallet' }])
  })

  it('adds 31338 when the wallet does not know it, switches there and back', async () => {
    await connect()
    const store = page.store()
    expect(await store.switchNetwork('eip155:31338')).toBe('switched')
    expect(wallet.knownChains.get(31338)).toBe(chainB.rpcUrl)
    expect(wallet.chainId).toBe(31338)
    expect(kit.getState()).toMatchObject({ caipNetworkId: 'eip155:31338', caipAddress: `eip155:31338:${account.address}` })
    await store.switchNetwork('eip155:31337')
    expect(wallet.chainId).toBe(31337)
    expect(kit.getState().caipNetworkId).toBe('eip155:31337')
    // One event per switch, though the wallet also reports chainChanged during each.
    expect(page.events.filter((e) => e.event === 'network:changed').map((e) => (e.payload as { caipNetworkId: string }).caipNetworkId)).toEqual([
      'eip155:31338',
      'eip155:31337',
    ])
  })

  it('refuses a chain the host did not list with "Chain is not supported"', async () => {
    await connect()
    await expect(page.store().switchNetwork('eip155:1')).rejects.toMatchObject({ shortMessage: 'Chain is not supported' })
    expect(page.store().isUnsupportedNetwork).toBe(true)
  })

  it('connects a wallet on a chain the host did not list, marks it unsupported, and switches once the visitor accepts', async () => {
    // The wallet is on 31339 and knows no other chain; the visitor first declines adding the host's.
    let declineSwitch = true
    const elsewhere = createTestEip1193Wallet({ account, chains: { 31339: chainA.rpcUrl }, approve: (method) => !(declineSwitch && ['wallet_switchEthereumChain', 'wallet_addEthereumChain'].includes(method)) })
    const other = startPage({ wallet: elsewhere })
    await other.kit.ready
    const store = other.store()
    expect(await store.connect('io.latch.testwallet')).toBe(`eip155:31339:${account.address}`)
    expect(other.kit.getState()).toMatchObject({ status: 'connected', caipNetworkId: 'eip155:31339' })
    expect(store.isUnsupportedNetwork).toBe(true)
    declineSwitch = false
    expect(await store.switchNetwork('eip155:31337')).toBe('switched')
    expect(elsewhere.chainId).toBe(31337)
    expect(store.isUnsupportedNetwork).toBe(false)
    expect(other.kit.getState().caipNetworkId).toBe('eip155:31337')
    await other.close()
  })

  it('signs a message and typed data that viem verifies', async () => {
    await connect()
    const store = page.store()
    const signature = await store.signMessage('Sign in to Latch')
    expect(await verifyMessage({ address: account.address, message: 'Sign in to Latch', signature: signature as `0x${string}` })).toBe(true)
    const typedData = {
      domain: { name: 'Latch', version: '1', chainId: 31337 },
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting',
      message: { text: 'hello' },
    } as const
    const adapter = store.getAdapter('eip155') as Eip155Adapter
    const typed = await adapter.signTypedData({ address: account.address, typedData })
    expect(await verifyTypedData({ address: account.address, ...typedData, signature: typed as `0x${string}` })).toBe(true)
  })

  it('sends ETH and an ERC20, and both balances change on chain', async () => {
    await connect()
    const store = page.store()
    const chain = reader(chainA.rpcUrl)
    const ethBefore = await chain.getBalance({ address: recipient })
    const hash = await store.sendTransaction({ to: recipient, amount: parseEther('1.5') })
    await chain.waitForTransactionReceipt({ hash: hash as `0x${string}` })
    expect((await chain.getBalance({ address: recipient })) - ethBefore).toBe(parseEther('1.5'))

    const tokenBefore = await chain.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [recipient] })
    const tokenHash = await store.sendTransaction({ to: recipient, amount: 42n * 10n ** 18n, token: { address: token } })
    await chain.waitForTransactionReceipt({ hash: tokenHash as `0x${string}` })
    const tokenAfter = await chain.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [recipient] })
    expect(tokenAfter - tokenBefore).toBe(42n * 10n ** 18n)
  })

  it('sends wallet_sendCalls after checking each call starts with 0x', async () => {
    await connect()
    const adapter = page.store().getAdapter('eip155') as Eip155Adapter
    const network = networks[0]!
    await expect(adapter.sendCalls({ from: account.address, network, calls: [{ to: recipient.slice(2) }] })).rejects.toMatchObject({
      code: 'KIT_CHAIN_INVALID_CALLS',
    })
    await expect(adapter.sendCalls({ from: account.address, network, calls: [{ to: recipient, data: 'abcd' }] })).rejects.toMatchObject({
      code: 'KIT_CHAIN_INVALID_CALLS',
    })
    const chain = reader(chainA.rpcUrl)
    const before = await chain.getBalance({ address: recipient })
    const id = await adapter.sendCalls({ from: account.address, network, calls: [{ to: recipient, value: 7n }, { to: recipient, value: 8n }] })
    expect(id).toMatch(/^0x/)
    expect((await chain.getBalance({ address: recipient })) - before).toBe(15n)
  })

  it('restores the connection in a fresh kit on the same storage (reload)', async () => {
    await connect()
    const reloaded = startPage({ wallet, storage: page.storage })
    await reloaded.kit.ready
    expect(reloaded.kit.getState()).toMatchObject({ status: 'connected', address: account.address, caipNetworkId: 'eip155:31337' })
    expect(reloaded.events).toContainEqual(expect.objectContaining({ event: 'wallet:connected', payload: expect.objectContaining({ restored: true }) }))
    await reloaded.close()
  })

  it('ends disconnected, with nothing thrown at the host, when the saved wallet is gone', async () => {
    await connect()
    const gone = startPage({ storage: page.storage })
    await gone.kit.ready
    expect(gone.kit.getState()).toMatchObject({ status: 'disconnected', address: undefined })
    expect(gone.failures).toEqual([])
    expect(gone.kit.getState().plugins).toMatchObject({ connectors: 'loaded' })
    await gone.close()
  })

  it('disconnects: state cleared, event emitted, and a reload stays disconnected', async () => {
    await connect()
    const store = page.store()
    await store.disconnect()
    expect(kit.getState()).toMatchObject({ status: 'disconnected', address: undefined, caipAddress: undefined })
    expect(page.events).toContainEqual({ event: 'wallet:disconnected', payload: { namespace: 'eip155', connectorId: 'io.latch.testwallet' } })
    const reloaded = startPage({ wallet, storage: page.storage })
    await reloaded.kit.ready
    expect(reloaded.kit.getState().status).toBe('disconnected')
    await reloaded.close()
  })
})

describe('given the native balance cache (SPEC §9)', () => {
  it('shows a read of the last 30 s on the next visit, and reads the chain again when the host asks or the read is older', async () => {
    const holder = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 8 })
    const wallet = createTestEip1193Wallet({ account: holder, chains: { 31337: chainA.rpcUrl } })
    const testClient = createTestClient({ mode: 'hardhat', transport: http(chainA.rpcUrl) })
    const balanceOn = async (page: ReturnType<typeof startPage>) => {
      await page.kit.ready
      await when(() => page.store().activeAccountState?.balance !== undefined)
      return page.store().activeAccountState?.balance
    }
    // SPEC §9's figure, not the code's constant: a changed constant must fail here.
    const CACHE_MS = 30_000
    // Logical time for the cache's clock (Date only): each visit is when the test says, however slow the machine.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const start = Date.now()
      await testClient.setBalance({ address: holder.address, value: parseEther('7') })
      const first = startPage({ wallet })
      await first.kit.ready
      await first.store().connect('io.latch.testwallet')
      expect(await balanceOn(first)).toBe('7')
      await first.close()

      // The funds move outside the kit; the next visit within 30 s shows the balance it read.
      await testClient.setBalance({ address: holder.address, value: parseEther('3') })
      vi.setSystemTime(start + CACHE_MS - 1)
      const next = startPage({ wallet, storage: first.storage })
      expect(await balanceOn(next)).toBe('7')
      await next.kit.request('latch_refreshBalance')
      expect(next.store().activeAccountState?.balance).toBe('3')
      await next.close()

      // Past 30 s from that read, a visit reads the chain.
      await testClient.setBalance({ address: holder.address, value: parseEther('5') })
      vi.setSystemTime(start + 2 * CACHE_MS)
      const later = startPage({ wallet, storage: first.storage })
      expect(await balanceOn(later)).toBe('5')
      await later.close()
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('given a wallet whose user rejects', () => {
  it('maps a 4001 on connect to "Connection rejected" and stays disconnected', async () => {
    const wallet = createTestEip1193Wallet({ account, chains: { 31337: chainA.rpcUrl }, approve: (method) => method !== 'eth_requestAccounts' })
    const page = startPage({ wallet })
    await page.kit.ready
    const error = await page.store().connect('io.latch.testwallet').catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'ConnectionRejectedError', code: 'KIT_CONNECTION_REJECTED', shortMessage: 'Connection rejected' })
    expect(page.kit.getState().status).toBe('disconnected')
    await page.close()
  })

  it('maps a 4001 on personal_sign to "Signature declined"', async () => {
    const wallet = createTestEip1193Wallet({ account, chains: { 31337: chainA.rpcUrl }, approve: (method) => method !== 'personal_sign' })
    const page = startPage({ wallet })
    await page.kit.ready
    await page.store().connect('io.latch.testwallet')
    await expect(page.store().signMessage('no')).rejects.toMatchObject({ shortMessage: 'Signature declined', code: 'KIT_REQUEST_SIGNATURE_DECLINED' })
    await page.close()
  })

  it('follows a wallet-side revoke to disconnected', async () => {
    const wallet = createTestEip1193Wallet({ account, chains: { 31337: chainA.rpcUrl } })
    const page = startPage({ wallet })
    await page.kit.ready
    await page.store().connect('io.latch.testwallet')
    wallet.revoke()
    expect(page.kit.getState().status).toBe('disconnected')
    expect(page.events.at(-1)).toEqual({ event: 'wallet:disconnected', payload: { namespace: 'eip155', connectorId: 'io.latch.testwallet' } })
    await page.close()
    expect(wallet.listenerCount()).toBe(0)
  })

  it('disconnects within the 3 s budget when the wallet never answers', async () => {
    const base = createTestEip1193Wallet({ account, chains: { 31337: chainA.rpcUrl } })
    const stalling: TestEip1193Wallet = {
      ...base,
      request: (args) => (args.method === 'wallet_revokePermissions' ? new Promise(() => {}) : base.request(args)),
    }
    const page = startPage({ wallet: stalling })
    await page.kit.ready
    await page.store().connect('io.latch.testwallet')
    // Logical time from here: the budget is checked to the millisecond, not measured.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      let settled = false
      const disconnecting = page.store().disconnect('eip155').finally(() => (settled = true))
      await vi.advanceTimersByTimeAsync(DISCONNECT_TIMEOUT_MS - 1)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      await disconnecting
      expect(page.kit.getState().status).toBe('disconnected')
    } finally {
      vi.useRealTimers()
    }
    await page.close()
  })
})

describe('given the custom connector example (EXTERNAL)', () => {
  it('lists the burner wallet, connects it, signs and sends on chain', async () => {
    const burner = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 5 })
    const kit = createKit({ projectId: 'latch-dev', storage: createMemoryStorage() }, [
      connectors({ networks, connectors: [burnerConnector({ account: burner, chainId: 31337, rpcUrl: chainA.rpcUrl })] }),
    ])
    await kit.ready
    const store = kit.resolve(ConnectionStoreToken)
    expect(await store.connect('burner')).toBe(`eip155:31337:${burner.address}`)
    expect(store.activeAccountState?.connectedWalletInfo).toMatchObject({ name: 'Burner Wallet', type: 'EXTERNAL' })
    const signature = await store.signMessage('burn')
    expect(await verifyMessage({ address: burner.address, message: 'burn', signature: signature as `0x${string}` })).toBe(true)
    const chain = reader(chainA.rpcUrl)
    const before = await chain.getBalance({ address: recipient })
    await chain.waitForTransactionReceipt({ hash: (await store.sendTransaction({ to: recipient, amount: 5n })) as `0x${string}` })
    expect((await chain.getBalance({ address: recipient })) - before).toBe(5n)
    await kit.dispose()
  })
})

describe('given a USDT-style token whose transfer returns nothing', () => {
  it('sends it with the USDT ABI variant when listed, and fails before the wallet prompts when not', async () => {
    const usdt = await deployNoReturnToken(chainA.rpcUrl, account, 10n ** 12n)
    const chain = reader(chainA.rpcUrl)
    const balanceOf = (address: Address) =>
      chain.readContract({ address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
    const prompts: string[] = []
    const wallet = createTestEip1193Wallet({ account, chains: { 31337: chainA.rpcUrl }, approve: (method) => (prompts.push(method), true) })

    const unlisted = startPage({ wallet })
    await unlisted.kit.ready
    await unlisted.store().connect('io.latch.testwallet')
    await expect(unlisted.store().sendTransaction({ to: recipient, amount: 1_000_000n, token: { address: usdt } })).rejects.toThrow(/returned no data/)
    expect(prompts).not.toContain('eth_sendTransaction')
    await unlisted.close()

    const listed = startPage({ wallet, usdtContracts: new Set([`31337:${usdt.toLowerCase()}`]) })
    await listed.kit.ready
    await listed.store().connect('io.latch.testwallet')
    const before = await balanceOf(recipient)
    const hash = await listed.store().sendTransaction({ to: recipient, amount: 1_000_000n, token: { address: usdt } })
    await chain.waitForTransactionReceipt({ hash: hash as `0x${string}` })
    expect((await balanceOf(recipient)) - before).toBe(1_000_000n)
    await listed.close()
  })
})
