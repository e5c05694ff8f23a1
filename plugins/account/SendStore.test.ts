import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, http } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import type { Network } from '../../chains/networks/Network.js'
import type { TokenBalance } from '../../chains/connection/AccountState.js'
import { startHardhatNode, type HardhatNode } from '../../server/chains/startHardhatNode.js'
import { connectTestAccount, DEV_MNEMONIC, type TestAccount } from '../../test/support/connectTestAccount.js'
import { SendStore, tokenKey } from './SendStore.js'
import { SendAmountAndReceiverRequiredError } from './errors/send.js'
import { englishOf } from '../../test/support/englishOf.js'

const ETH: TokenBalance = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', price: 3000, quantity: { decimals: '18', numeric: '10000' } }
const POLKADOT: Network = {
  id: '91b171bb158e2d3848fa23a9f1c25182',
  caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  chainNamespace: 'polkadot',
  name: 'Polkadot',
  nativeCurrency: { name: 'DOT', symbol: 'DOT', decimals: 10 },
  rpcUrls: { default: { http: [] } },
}
const RECEIVER = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 7 }).address

let node: HardhatNode
let account: TestAccount | undefined
beforeAll(async () => (node = await startHardhatNode({ chainId: 31337 })))
afterAll(() => node?.stop())
afterEach(() => account?.dispose())

async function setup(options: { approve?: (method: string) => boolean; names?: Record<string, string> } = {}) {
  account = await connectTestAccount({ rpc: { 31337: node.rpcUrl }, approve: options.approve })
  const snackbar: string[] = []
  const sent: string[] = []
  let refreshed = 0
  const store = new SendStore({
    connection: account.store,
    resolveName: async (name) => options.names?.[name],
    refreshBalances: async () => void refreshed++,
    snackbar: {
      showLoading: (m) => void snackbar.push(`loading: ${englishOf(m)}`),
      showSuccess: (m) => void snackbar.push(`success: ${englishOf(m)}`),
      showError: (m) => void snackbar.push(`error: ${englishOf(m)}`),
    },
    onSent: (hash) => void sent.push(hash),
  })
  return { store, snackbar, sent, refreshed: () => refreshed }
}

describe('given the Send form (SPEC §5)', () => {
  it("asks for an amount and a receiver, then a token, in the catalogue's words", async () => {
    const { store } = await setup()
    expect(store.validationError).toBe('An amount and receiver address are required')
    store.setAmount('1')
    expect(store.validationError).toBe('An amount and receiver address are required')
    store.setReceiver(RECEIVER)
    expect(store.validationError).toBe('A token is required')
    store.setToken(ETH)
    expect(store.validationError).toBeUndefined()
    store.setAmount('0')
    expect(store.validationError).toBe('An amount and receiver address are required')
  })

  it("refuses a namespace the kit does not send on with 'Unsupported chain'", async () => {
    const { store } = await setup()
    store.setToken(ETH)
    store.setAmount('1')
    store.setReceiver(RECEIVER)
    account!.store.setActiveNetwork(POLKADOT)
    expect(store.validationError).toBe('Unsupported chain')
  })

  it('picks a token by its picker key', async () => {
    const { store } = await setup()
    const usdc: TokenBalance = { ...ETH, name: 'Latch USD', symbol: 'USDC', address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3', quantity: { decimals: '6', numeric: '10' } }
    store.selectToken(tokenKey(usdc), [ETH, usdc])
    expect(store.token?.symbol).toBe('USDC')
    store.selectToken('native:ETH', [ETH, usdc])
    expect(store.token?.symbol).toBe('ETH')
    store.selectToken('', [ETH, usdc])
    expect(store.token).toBeUndefined()
  })

  it('shows the amount in USD exactly', async () => {
    const { store } = await setup()
    store.setToken(ETH)
    store.setAmount('0.1')
    expect(store.amountFiat).toBe('$300.00')
  })

  it('an invalid form sends nothing and says why, with the error class of the rule it breaks', async () => {
    const { store, snackbar } = await setup()
    expect(store.formError).toBeInstanceOf(SendAmountAndReceiverRequiredError)
    expect(await store.send()).toBeUndefined()
    expect(snackbar).toEqual(['error: An amount and receiver address are required'])
  })
})

describe('given a wallet on a local chain', () => {
  it('sends the native coin, refreshes balances, resets and hands over to Account', async () => {
    const { store, snackbar, sent, refreshed } = await setup()
    const client = createPublicClient({ transport: http(node.rpcUrl) })
    const before = await client.getBalance({ address: RECEIVER })
    store.setToken(ETH)
    store.setAmount('1.5')
    store.setReceiver(RECEIVER)
    const hash = await store.send()
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    await client.waitForTransactionReceipt({ hash: hash as `0x${string}` })
    expect((await client.getBalance({ address: RECEIVER })) - before).toBe(1_500_000_000_000_000_000n)
    expect(snackbar).toEqual(['loading: send.snackbar.sending', 'success: send.snackbar.sent'])
    expect(sent).toEqual([hash])
    expect(refreshed()).toBe(1)
    expect(store.amount).toBe('')
    expect(store.isSending).toBe(false)
  })

  it('sends to a registered name', async () => {
    const { store } = await setup({ names: { 'bob.reown.id': RECEIVER } })
    store.setToken(ETH)
    store.setAmount('0.01')
    store.setReceiver('bob.reown.id')
    expect(await store.send()).toMatch(/^0x/)
  })

  it("an unknown name gives 'Error resolving name' and sends nothing", async () => {
    const { store, snackbar, sent } = await setup()
    store.setToken(ETH)
    store.setAmount('0.01')
    store.setReceiver('nobody.reown.id')
    expect(await store.send()).toBeUndefined()
    expect(snackbar.at(-1)).toBe('error: Error resolving name')
    expect(sent).toEqual([])
  })

  it("a wallet that rejects gives 'Signature declined' (SPEC §8) and keeps the form", async () => {
    const { store, snackbar, sent } = await setup({ approve: (method) => method !== 'eth_sendTransaction' })
    store.setToken(ETH)
    store.setAmount('1')
    store.setReceiver(RECEIVER)
    expect(await store.send()).toBeUndefined()
    expect(snackbar.at(-1)).toBe('error: Signature declined')
    expect(sent).toEqual([])
    expect(store.amount).toBe('1')
    expect(store.isSending).toBe(false)
  })
})
