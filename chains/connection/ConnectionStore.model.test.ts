import fc from 'fast-check'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { createStorage } from '../../kernel/index.js'
import { createMemoryStorage } from '../../test/support/createMemoryStorage.js'
import { announceEip6963, createTestEip1193Wallet, type TestEip1193Wallet } from '../../test/support/wallets/createTestEip1193Wallet.js'
import type { AnyConnector } from '../connectors/ChainConnector.js'
import { eip155Connectors } from '../eip155/eip155Connectors.js'
import { localEvmNetwork } from '../networks/localNetworks.js'
import { ConnectionStore } from './ConnectionStore.js'

const SEED = 424242
const DEAD_RPC = 'http://127.0.0.1:9'
const mnemonic = 'test test test test test test test test test test test junk'
const accounts = [0, 1, 2].map((i) => mnemonicToAccount(mnemonic, { addressIndex: i }))

/** The oracle: what a visitor should see after each action. */
interface Model {
  connected: number | undefined
  chainId: number
  recent: number[]
}

interface Real {
  store: ConnectionStore
  wallets: TestEip1193Wallet[]
}

const check = (model: Model, { store }: Real) => {
  if (model.connected === undefined) {
    expect(store.status).toBe('disconnected')
    expect(store.caipAddress).toBeUndefined()
  } else {
    expect(store.status).toBe('connected')
    expect(store.caipAddress).toBe(`eip155:${model.chainId}:${accounts[model.connected]!.address}`)
  }
  expect(store.recentWallets.map((w) => w.id)).toEqual(model.recent.map((i) => `model.wallet${i}`))
}

class Connect implements fc.AsyncCommand<Model, Real> {
  constructor(readonly wallet: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    await real.store.connect(`model.wallet${this.wallet}`)
    model.connected = this.wallet
    // Connecting lands the wallet on the active network, whatever chain it was on.
    expect(real.wallets[this.wallet]!.chainId).toBe(model.chainId)
    model.recent = [this.wallet, ...model.recent.filter((w) => w !== this.wallet)].slice(0, 2)
    check(model, real)
  }
  toString = () => `connect(${this.wallet})`
}

class Disconnect implements fc.AsyncCommand<Model, Real> {
  check = () => true
  async run(model: Model, real: Real) {
    await real.store.disconnect()
    model.connected = undefined
    check(model, real)
  }
  toString = () => 'disconnect()'
}

class SwitchNetwork implements fc.AsyncCommand<Model, Real> {
  constructor(readonly chainId: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    const result = await real.store.switchNetwork(`eip155:${this.chainId}`)
    expect(result).toBe(model.connected === undefined ? 'needsConnection' : 'switched')
    expect(real.store.activeCaipNetworkId).toBe(`eip155:${this.chainId}`)
    model.chainId = this.chainId
    check(model, real)
  }
  toString = () => `switchNetwork(${this.chainId})`
}

class Revoke implements fc.AsyncCommand<Model, Real> {
  check = (model: Readonly<Model>) => model.connected !== undefined
  async run(model: Model, real: Real) {
    real.wallets[model.connected!]!.revoke()
    model.connected = undefined
    check(model, real)
  }
  toString = () => 'walletRevokes()'
}

describe(`given random sequences of visitor and wallet actions (seed ${SEED})`, () => {
  it('the store always shows what the oracle expects', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.commands(
          [
            fc.integer({ min: 0, max: 2 }).map((i) => new Connect(i)),
            fc.constant(new Disconnect()),
            fc.constantFrom(31337, 31338).map((id) => new SwitchNetwork(id)),
            fc.constant(new Revoke()),
          ],
          { maxCommands: 12 },
        ),
        async (commands) => {
          const target = new EventTarget()
          const registered = new Map<string, AnyConnector>()
          const wallets = accounts.map((account, i) => {
            const wallet = createTestEip1193Wallet({ account, chains: { 31337: DEAD_RPC, 31338: DEAD_RPC } })
            announceEip6963(target, wallet, { uuid: `00000000-0000-4000-8000-00000000000${i}`, name: `Model ${i}`, icon: 'data:image/svg+xml,<svg/>', rdns: `model.wallet${i}` })
            return wallet
          })
          const stop = eip155Connectors({ target, injected: false }).start((c) => {
            registered.set(c.id, c)
            return () => registered.delete(c.id)
          })
          const store = new ConnectionStore({
            storage: createStorage({ backend: createMemoryStorage() }),
            networks: [localEvmNetwork(31337, DEAD_RPC), localEvmNetwork(31338, DEAD_RPC)],
            findConnector: (id) => registered.get(id),
            rpcUrls: () => [],
            emit: () => {},
          })
          try {
            await fc.asyncModelRun(() => ({ model: { connected: undefined, chainId: 31337, recent: [] }, real: { store, wallets } }), commands)
          } finally {
            store.dispose()
            stop()
          }
        },
      ),
      { seed: SEED, numRuns: 40 },
    )
  })
})
