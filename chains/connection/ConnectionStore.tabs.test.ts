import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { createStorage } from '../../kernel/index.js'
import { createMemoryStorage } from '../../test/support/createMemoryStorage.js'
import { announceEip6963, createTestEip1193Wallet } from '../../test/support/wallets/createTestEip1193Wallet.js'
import type { AnyConnector } from '../connectors/ChainConnector.js'
import { eip155Connectors } from '../eip155/eip155Connectors.js'
import { localEvmNetwork } from '../networks/localNetworks.js'
import { ConnectionStore } from './ConnectionStore.js'

// Two tabs of one page: two stores over one local storage and one wallet (an extension is one
// wallet for every tab). `followOtherTab` is what a `storage` event from the other tab runs.
const DEAD_RPC = 'http://127.0.0.1:9'
const networks = [localEvmNetwork(31337, DEAD_RPC), localEvmNetwork(31338, DEAD_RPC)]
const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 4 })

function twoTabs() {
  const prompts: string[] = []
  const wallet = createTestEip1193Wallet({ account, chains: { 31337: DEAD_RPC, 31338: DEAD_RPC }, approve: (method) => (prompts.push(method), true) })
  const backend = createMemoryStorage()
  const tab = () => {
    const target = new EventTarget()
    const registered = new Map<string, AnyConnector>()
    announceEip6963(target, wallet, { uuid: '00000000-0000-4000-8000-0000000000ab', name: 'Tab Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'test.tabwallet' })
    eip155Connectors({ target, injected: false }).start((c) => {
      registered.set(c.id, c)
      return () => registered.delete(c.id)
    })
    const events: string[] = []
    const store = new ConnectionStore({
      storage: createStorage({ backend }),
      networks,
      findConnector: (id) => registered.get(id),
      rpcUrls: (n) => [...n.rpcUrls.default.http],
      emit: (event) => void events.push(event),
    })
    return { store, events }
  }
  return { a: tab(), b: tab(), prompts }
}

describe('ConnectionStore.followOtherTab', () => {
  it('follows a connect, a network switch and a disconnect saved by the other tab, without prompting the wallet', async () => {
    const { a, b, prompts } = twoTabs()
    await b.store.followOtherTab()
    expect(b.store.status).toBe('disconnected')

    await a.store.connect('test.tabwallet')
    const promptsOfA = prompts.length
    await b.store.followOtherTab()
    expect(b.store.status).toBe('connected')
    expect(prompts.length).toBe(promptsOfA)
    expect(b.store.address).toBe(account.address)

    await a.store.switchNetwork('eip155:31338')
    expect(prompts).toContain('wallet_switchEthereumChain')
    const promptsOfSwitch = prompts.length
    await b.store.followOtherTab()
    expect(prompts.length).toBe(promptsOfSwitch)
    expect(b.store.caipAddress).toBe(`eip155:31338:${account.address}`)
    expect(b.events).toContain('network:changed')

    await a.store.disconnect()
    await b.store.followOtherTab()
    expect(b.store.status).toBe('disconnected')
    expect(b.store.address).toBeUndefined()
    expect(b.events).toContain('wallet:disconnected')
    // Nothing was forgotten twice: the saved state is what A left.
    await b.store.followOtherTab()
    expect(b.store.status).toBe('disconnected')
    a.store.dispose()
    b.store.dispose()
  })
})
