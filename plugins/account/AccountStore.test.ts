import { afterEach, describe, expect, it } from 'vitest'
import type { TokenBalance } from '../../chains/connection/AccountState.js'
import { connectTestAccount, type TestAccount } from '../../test/support/connectTestAccount.js'
import { AccountStore, BALANCE_RETRY_GUARD_MS } from './AccountStore.js'
import { ACCOUNT_STORAGE } from './accountStorage.js'
import { englishOf } from '../../test/support/englishOf.js'

const token = (symbol: string, decimals: string, numeric: string, price = 1): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: 'eip155:31337',
  price,
  value: Number(numeric) * price,
  quantity: { decimals, numeric },
})

let account: TestAccount | undefined
afterEach(() => account?.dispose())

/** An AccountStore over a real connection; the balance service is a function the test drives. */
async function setup(service: { balances?: () => Promise<TokenBalance[]>; identity?: () => Promise<{ name?: string; avatar?: string }> } = {}) {
  account = await connectTestAccount()
  account.storage.define(ACCOUNT_STORAGE)
  let clock = 1_000_000
  const errors: string[] = []
  const calls = { balances: 0, identity: 0, force: [] as boolean[] }
  const store = new AccountStore({
    connection: account.store,
    fetchBalances: async ({ forceUpdate }) => {
      calls.balances++
      calls.force.push(forceUpdate)
      return (service.balances ?? (async () => [token('USDC', '6', '1250.5', 1), token('DUST', '0', '7')]))()
    },
    fetchIdentity: async () => {
      calls.identity++
      const identity = await (service.identity ?? (async (): Promise<{ name?: string; avatar?: string }> => ({ name: 'alice.reown.id' })))()
      return { name: identity.name, avatar: identity.avatar }
    },
    cache: account.storage,
    showError: (message) => void errors.push(englishOf(message)),
    now: () => clock,
  })
  return { store, errors, calls, advance: (ms: number) => (clock += ms), account }
}

describe('given a connected account', () => {
  it('shows the short address, the network and an http(s) explorer link only', async () => {
    const { store, account } = await setup()
    expect(store.address).toBe(account.address)
    expect(store.shortAddress).toBe(`${account.address.slice(0, 6)}…${account.address.slice(-4)}`)
    expect(store.network?.caipNetworkId).toBe('eip155:31337')
    expect(store.explorerUrl).toBeUndefined() // local chains list no explorer
  })

  it('lists the tokens with 0-decimal ones hidden, and reads the cache for 30 s', async () => {
    const { store, calls } = await setup()
    await store.loadBalances()
    expect(store.tokens.map((t) => t.symbol)).toEqual(['USDC'])
    await store.loadBalances()
    expect(calls.balances).toBe(1)
  })

  it('a forced load skips the cache and asks the service to skip its own', async () => {
    const { store, calls } = await setup()
    await store.loadBalances()
    await store.loadBalances({ force: true })
    expect(calls.force).toEqual([false, true])
  })

  it("a failed read shows 'Token Balance Unavailable' and blocks retries for 30 s (SPEC §8)", async () => {
    let fail = true
    const { store, errors, calls, advance } = await setup({
      balances: async () => {
        if (fail) throw new Error('HTTP status code: 500')
        return [token('USDC', '6', '3')]
      },
    })
    await store.loadBalances()
    expect(errors).toEqual(['Token Balance Unavailable'])
    fail = false
    advance(BALANCE_RETRY_GUARD_MS - 1)
    await store.loadBalances({ force: true })
    expect(calls.balances).toBe(1)
    advance(1)
    await store.loadBalances()
    expect(calls.balances).toBe(2)
    expect(store.tokens.map((t) => t.symbol)).toEqual(['USDC'])
  })

  it('an active namespace with no connected account loads nothing and shows no error', async () => {
    const { store, errors, calls, account } = await setup()
    account.store.setActiveNetwork({
      id: 'dot',
      caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
      chainNamespace: 'polkadot',
      name: 'Polkadot',
      nativeCurrency: { name: 'DOT', symbol: 'DOT', decimals: 10 },
      rpcUrls: { default: { http: [] } },
    })
    // The active namespace has no account: nothing to load, nothing to say.
    await store.loadBalances()
    expect(calls.balances).toBe(0)
    expect(errors).toEqual([])
  })

  it('keeps no tokens of another account after a network switch', async () => {
    const { store, account } = await setup()
    await store.loadBalances()
    await account.store.switchNetwork('eip155:31338')
    expect(store.tokens).toEqual([])
  })

  it('shows the name from the identity route, cached 5 min, and drops a javascript: avatar', async () => {
    const { store, calls } = await setup({ identity: async () => ({ name: 'alice.reown.id', avatar: 'javascript:alert(1)' }) })
    await store.loadIdentity()
    await store.loadIdentity()
    expect(store.profileName).toBe('alice.reown.id')
    expect(store.avatarUrl).toBeUndefined()
    expect(calls.identity).toBe(1)
  })

  it('reads the identity route again when forced, over a fresh cache entry (a name just registered)', async () => {
    let name = 'before.reown.id'
    const { store, calls } = await setup({ identity: async () => ({ name }) })
    await store.loadIdentity()
    name = 'after.reown.id'
    await store.loadIdentity()
    expect(store.profileName).toBe('before.reown.id')
    await store.loadIdentity({ force: true })
    expect(store.profileName).toBe('after.reown.id')
    expect(calls.identity).toBe(2)
    // The forced answer replaced the cached one, for every reader of the cache (Send's receiver lookup).
    await store.loadIdentity()
    expect(store.profileName).toBe('after.reown.id')
    expect(calls.identity).toBe(2)
  })

  it('an identity failure leaves no name and shows no error', async () => {
    const { store, errors } = await setup({ identity: async () => Promise.reject(new Error('down')) })
    await store.loadIdentity()
    expect(store.profileName).toBeUndefined()
    expect(errors).toEqual([])
  })
})
