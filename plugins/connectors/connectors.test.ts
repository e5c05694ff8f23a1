import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it, vi } from 'vitest'
import { ConnectorRegistryToken } from './ConnectorRegistryToken.js'
import { createKernel as createKit } from '../../kernel/index.js'
import { definePlugin } from '../../kernel/index.js'
import { createKit as createCoreKit } from '../../ui-shell/createKit.js'
import { AlertStoreToken } from '../../ui-shell/services/AlertStore.js'
import { CONNECTOR_WAIT_MS } from '../../chains/connection/ConnectionStore.js'
import { eip155Connectors } from '../../chains/eip155/eip155Connectors.js'
import { localEvmNetwork, localSolanaNetwork } from '../../chains/networks/localNetworks.js'
import { createMemoryStorage } from '../../test/support/createMemoryStorage.js'
import { announceEip6963, createTestEip1193Wallet } from '../../test/support/wallets/createTestEip1193Wallet.js'
import { ConnectionStoreToken, connectors } from './index.js'

const DEAD_RPC = 'http://127.0.0.1:9'
const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 6 })
const INFO = { uuid: '11111111-2222-4333-8444-555555555555', name: 'Counted Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'test.counted' }

/** An EventTarget that counts its listeners, to prove the plugin removes what it added. */
class CountingTarget extends EventTarget {
  count = 0
  override addEventListener(...args: Parameters<EventTarget['addEventListener']>) {
    this.count++
    super.addEventListener(...args)
  }
  override removeEventListener(...args: Parameters<EventTarget['removeEventListener']>) {
    this.count--
    super.removeEventListener(...args)
  }
}

// A Connect view stand-in, so the shell's modal can open and close.
const connectView = definePlugin({ id: 'test-view', setup: (ctx) => ctx.registerView({ name: 'Connect', title: 'Connect', component: null }) })

describe('given the connectors plugin loaded alone', () => {
  it('registers its connectors and store, contributes state, and leaves no listener after dispose', async () => {
    const target = new CountingTarget()
    const wallet = createTestEip1193Wallet({ account, chains: { 31337: DEAD_RPC } })
    const stopAnnouncing = announceEip6963(target, wallet, INFO)
    const before = target.count
    const kit = createKit({ projectId: 'latch-dev', storage: createMemoryStorage() }, [
      connectors({ networks: [localEvmNetwork(31337, DEAD_RPC)], sources: [eip155Connectors({ target, injected: false })] }),
    ])
    await kit.ready
    expect(kit.getState()).toMatchObject({ plugins: { connectors: 'loaded' }, status: 'disconnected', caipNetworkId: 'eip155:31337', address: undefined })
    expect(kit.resolve(ConnectorRegistryToken).list().map((c) => c.id)).toEqual(['test.counted'])
    await kit.resolve(ConnectionStoreToken).connect('test.counted')
    expect(kit.getState()).toMatchObject({ status: 'connected', address: account.address, caipAddress: `eip155:31337:${account.address}` })
    expect(wallet.listenerCount()).toBe(3)
    await kit.dispose()
    expect(wallet.listenerCount()).toBe(0)
    expect(target.count).toBe(before)
    stopAnnouncing()
  })

  it('disconnects through the latch_disconnect RPC method the host API calls, and refuses bad params', async () => {
    const target = new EventTarget()
    const wallet = createTestEip1193Wallet({ account, chains: { 31337: DEAD_RPC } })
    announceEip6963(target, wallet, INFO)
    const kit = createKit({ projectId: 'latch-dev', storage: createMemoryStorage() }, [
      connectors({ networks: [localEvmNetwork(31337, DEAD_RPC)], sources: [eip155Connectors({ target, injected: false })] }),
    ])
    await kit.ready
    await kit.resolve(ConnectionStoreToken).connect('test.counted')
    expect(await kit.request('latch_getAccount')).toMatchObject({ address: account.address, status: 'connected' })
    await expect(kit.request('latch_switchNetwork', { caipNetworkId: 42 })).rejects.toThrowError('Invalid CAIP-2 network id')
    expect(await kit.request('latch_disconnect')).toBeNull()
    expect(kit.getState()).toMatchObject({ status: 'disconnected', address: undefined })
    await kit.dispose()
  })

  it("27: gives each network its image from the host's catalogue service, and keeps a URL the host gave", async () => {
    const own = { ...localEvmNetwork(31338, DEAD_RPC), assets: { imageId: 'latch-local-2', imageUrl: 'https://cdn.example/31338.svg' } }
    const kit = createCoreKit({ projectId: 'latch-dev', apiUrl: 'http://127.0.0.1:9/api', storage: createMemoryStorage(), mountModal: false }, [
      connectors({ networks: [localEvmNetwork(31337, DEAD_RPC), own], sources: [] }),
    ])
    await kit.ready
    expect(kit.resolve(ConnectionStoreToken).networks.map((network) => network.assets?.imageUrl)).toEqual([
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:9\/api\/public\/getAssetImage\/latch-local\?projectId=latch-dev&/),
      'https://cdn.example/31338.svg',
    ])
    await kit.dispose()
  })

  it("refuses latch_switchNetwork to a network the host did not list, with 'Network Not Found' for the developer", async () => {
    const kit = createCoreKit({ projectId: 'latch-dev', storage: createMemoryStorage(), mountModal: false }, [
      connectors({ networks: [localEvmNetwork(31337, DEAD_RPC)], sources: [eip155Connectors({ target: new EventTarget(), injected: false })] }),
    ])
    await kit.ready
    await expect(kit.request('latch_switchNetwork', { caipNetworkId: 'eip155:31337' })).resolves.toBeNull()
    expect(kit.resolve(AlertStoreToken).alerts).toEqual([])
    await expect(kit.request('latch_switchNetwork', { caipNetworkId: 'eip155:1' })).rejects.toThrowError('Chain is not supported')
    expect(kit.resolve(AlertStoreToken).alerts.map((alert) => alert.shortMessage)).toEqual(['Network Not Found'])
    expect(kit.getState().caipNetworkId).toBe('eip155:31337')
    await kit.dispose()
  })

  it("refuses a switch to a listed network no chain plugin serves with 'Chain adapter not found', and allows it once a connector for it registers", async () => {
    const solana = localSolanaNetwork(DEAD_RPC, '4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ')
    const kit = createCoreKit({ projectId: 'latch-dev', storage: createMemoryStorage(), mountModal: false }, [
      connectors({ networks: [localEvmNetwork(31337, DEAD_RPC), solana], sources: [eip155Connectors({ target: new EventTarget(), injected: false })] }),
    ])
    await kit.ready
    // Positive control: eip155 has its chain plugin, so the switch is only waiting for a wallet.
    await expect(kit.request('latch_switchNetwork', { caipNetworkId: 'eip155:31337' })).resolves.toBeNull()
    await expect(kit.request('latch_switchNetwork', { caipNetworkId: solana.caipNetworkId })).rejects.toMatchObject({
      shortMessage: 'Chain adapter not found',
      code: 'KIT_CHAIN_NAMESPACE_ADAPTER_NOT_FOUND',
    })
    expect(kit.getState().caipNetworkId).toBe('eip155:31337')
    // A Solana wallet appears (what solanaConnectors() registers): the namespace is served now.
    kit.resolve(ConnectorRegistryToken).register({
      id: 'solana-wallet',
      name: 'Solana Wallet',
      type: 'ANNOUNCED',
      chain: 'solana',
      createAdapter: () => Promise.reject(new Error('never connected in this test')),
    })
    await expect(kit.request('latch_switchNetwork', { caipNetworkId: solana.caipNetworkId })).resolves.toBeNull()
    expect(kit.getState().caipNetworkId).toBe(solana.caipNetworkId)
    await kit.dispose()
  })

  it('rejects a connect waiting on the wallet with "Modal closed" when the modal closes', async () => {
    const target = new EventTarget()
    let answer: (approved: boolean) => void = () => {}
    let prompted: () => void = () => {}
    const prompt = new Promise<void>((resolve) => (prompted = resolve))
    const base = createTestEip1193Wallet({
      account,
      chains: { 31337: DEAD_RPC },
      approve: () => (prompted(), new Promise<boolean>((resolve) => (answer = resolve))),
    })
    // The wallet's answer to the connect request, once it gives one, and every reply it gave.
    let answered: Promise<unknown> = Promise.resolve()
    const replies: Promise<unknown>[] = []
    const wallet: typeof base = {
      ...base,
      request: (args) => {
        const reply = base.request(args)
        replies.push(reply.catch(() => undefined))
        if (args.method === 'eth_requestAccounts') answered = reply.catch(() => undefined)
        return reply
      },
    }
    // The late connect has run its course once the wallet answered all it was asked (the adapter
    // asks eth_chainId next) and, a task later, nothing new was asked.
    const walletSettled = async () => {
      for (let seen = -1; seen !== replies.length; ) {
        seen = replies.length
        await Promise.all(replies)
        await new Promise((resolve) => setTimeout(resolve, 0))
      }
    }
    announceEip6963(target, wallet, INFO)
    const kit = createCoreKit({ projectId: 'latch-dev', storage: createMemoryStorage(), mountModal: false }, [
      connectView,
      connectors({ networks: [localEvmNetwork(31337, DEAD_RPC)], sources: [eip155Connectors({ target, injected: false })] }),
    ])
    await kit.ready
    await kit.open()
    const connecting = kit.resolve(ConnectionStoreToken).connect('test.counted').catch((error: unknown) => error)
    await prompt
    expect(kit.getState().status).toBe('connecting')
    kit.close()
    expect(await connecting).toMatchObject({ name: 'ModalClosedError', shortMessage: 'Modal closed' })
    // The wallet approving afterwards changes nothing: not once it has answered, nor once the
    // connect it answered has run to its end.
    answer(true)
    expect(await answered).toEqual([account.address])
    await walletSettled()
    expect(kit.getState()).toMatchObject({ status: 'disconnected', address: undefined })
    await kit.dispose()
  })

  it('lists window.ethereum as INJECTED and a wallet that announces later as ANNOUNCED', async () => {
    const target = Object.assign(new EventTarget(), { ethereum: createTestEip1193Wallet({ account, chains: { 31337: DEAD_RPC } }) })
    const kit = createKit({ projectId: 'latch-dev', storage: createMemoryStorage() }, [
      connectors({ networks: [localEvmNetwork(31337, DEAD_RPC)], sources: [eip155Connectors({ target })] }),
    ])
    await kit.ready
    const registry = kit.resolve(ConnectorRegistryToken)
    expect(registry.list().map((c) => [c.id, c.type])).toEqual([['injected', 'INJECTED']])
    const late = createTestEip1193Wallet({ account, chains: { 31337: DEAD_RPC } })
    announceEip6963(target, late, { ...INFO, rdns: 'test.late', name: 'Late Wallet' })
    expect(registry.list().map((c) => [c.id, c.type])).toEqual([
      ['injected', 'INJECTED'],
      ['test.late', 'ANNOUNCED'],
    ])
    expect(await kit.resolve(ConnectionStoreToken).connect('injected')).toBe(`eip155:31337:${account.address}`)
    await kit.dispose()
  })

  it('with reconnectWaitMs, kit.ready waits that long for a wallet slow to restore, and the restore ends in the background', async () => {
    const storage = createMemoryStorage()
    const base = createTestEip1193Wallet({ account, chains: { 31337: DEAD_RPC } })
    const start = (wallet: typeof base, extra: { reconnectWaitMs?: number } = {}) => {
      const target = new EventTarget()
      announceEip6963(target, wallet, INFO)
      return createKit({ projectId: 'latch-dev', storage }, [
        connectors({ networks: [localEvmNetwork(31337, DEAD_RPC)], sources: [eip155Connectors({ target, injected: false })], ...extra }),
      ])
    }
    const first = start(base)
    await first.ready
    await first.resolve(ConnectionStoreToken).connect('test.counted')
    await first.dispose()

    // The next visit: the wallet holds its answer to eth_accounts until the test lets it go.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const slow: typeof base = { ...base, request: async (args) => (args.method === 'eth_accounts' && (await held), base.request(args)) }
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const kit = start(slow, { reconnectWaitMs: 50 })
      let ready = false
      void kit.ready.then(() => (ready = true))
      // Each setup starts in a task of its own (a message, not a timer): wait for this one's restore to begin.
      while (kit.getState().status !== 'reconnecting') await new Promise((resolve) => setImmediate(resolve))
      await vi.advanceTimersByTimeAsync(49)
      expect(ready).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(ready).toBe(true)
      expect(kit.getState().status).toBe('reconnecting')
      release()
      await vi.waitFor(() => expect(kit.getState()).toMatchObject({ status: 'connected', address: account.address }), { timeout: 15_000 })
      await kit.dispose()
    } finally {
      vi.useRealTimers()
    }
  })

  it('with eip6963: false lists only window.ethereum, whatever announces itself', async () => {
    const target = Object.assign(new EventTarget(), { ethereum: createTestEip1193Wallet({ account, chains: { 31337: DEAD_RPC } }) })
    // Announced before the kit starts and after: neither is listed.
    announceEip6963(target, createTestEip1193Wallet({ account, chains: { 31337: DEAD_RPC } }), INFO)
    const kit = createKit({ projectId: 'latch-dev', storage: createMemoryStorage() }, [
      connectors({ networks: [localEvmNetwork(31337, DEAD_RPC)], sources: [eip155Connectors({ target, eip6963: false })] }),
    ])
    await kit.ready
    announceEip6963(target, createTestEip1193Wallet({ account, chains: { 31337: DEAD_RPC } }), { ...INFO, rdns: 'test.late', name: 'Late Wallet' })
    expect(kit.resolve(ConnectorRegistryToken).list().map((c) => [c.id, c.type])).toEqual([['injected', 'INJECTED']])
    await kit.dispose()
  })

  it('ignores malformed announcements and keeps only image data URIs as icons', async () => {
    const target = new EventTarget()
    const kit = createKit({ projectId: 'latch-dev', storage: createMemoryStorage() }, [
      connectors({ networks: [localEvmNetwork(31337, DEAD_RPC)], sources: [eip155Connectors({ target, injected: false })] }),
    ])
    await kit.ready
    const announce = (detail: unknown) => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    announce(undefined)
    announce({ info: { name: 'No provider', rdns: 'x.y' } })
    announce({ info: { name: 'Bad provider', rdns: 'x.z' }, provider: { request: 'no' } })
    const provider = createTestEip1193Wallet({ account, chains: { 31337: DEAD_RPC } })
    announce({ info: { ...INFO, rdns: 'x.icon', icon: 'javascript:alert(1)' }, provider })
    const registry = kit.resolve(ConnectorRegistryToken)
    expect(registry.list().map((c) => c.id)).toEqual(['x.icon'])
    expect(registry.get('x.icon')).toMatchObject({ imageUrl: undefined, info: { rdns: 'x.icon' } })
    await kit.dispose()
  })

  it('restores a saved connection whose wallet announces itself only after the kit started', async () => {
    const storage = createMemoryStorage()
    const wallet = createTestEip1193Wallet({ account, chains: { 31337: DEAD_RPC } })
    const first = new EventTarget()
    announceEip6963(first, wallet, INFO)
    const kit = createKit({ projectId: 'latch-dev', storage }, [
      connectors({ networks: [localEvmNetwork(31337, DEAD_RPC)], sources: [eip155Connectors({ target: first, injected: false })] }),
    ])
    await kit.ready
    await kit.resolve(ConnectionStoreToken).connect('test.counted')
    await kit.dispose()

    // Logical time: the wallet announces while the restore waits for it, 1 ms before that wait ends.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const reloaded = new EventTarget()
      // The kit asks the page for its wallets as it starts, then restores; no wallet answers yet.
      const asked = new Promise((resolve) => reloaded.addEventListener('eip6963:requestProvider', resolve, { once: true }))
      const kit2 = createKit({ projectId: 'latch-dev', storage }, [
        connectors({ networks: [localEvmNetwork(31337, DEAD_RPC)], sources: [eip155Connectors({ target: reloaded, injected: false })] }),
      ])
      let ready = false
      void kit2.ready.then(() => (ready = true))
      await asked
      expect(kit2.getState().status).toBe('reconnecting')
      await vi.advanceTimersByTimeAsync(CONNECTOR_WAIT_MS - 1)
      expect(ready).toBe(false)
      expect(kit2.getState().status).toBe('reconnecting')
      announceEip6963(reloaded, wallet, INFO)
      await kit2.ready
      expect(kit2.getState()).toMatchObject({ status: 'connected', address: account.address })
      await kit2.dispose()
    } finally {
      vi.useRealTimers()
    }
  })

  it('reports a wallet that fails to disconnect as "Failed to disconnect chain eip155", state cleared all the same', async () => {
    const target = new EventTarget()
    const base = createTestEip1193Wallet({ account, chains: { 31337: DEAD_RPC } })
    const failing = { ...base, request: (args: { method: string; params?: unknown }) => (args.method === 'wallet_revokePermissions' ? Promise.reject(new Error('wallet crashed')) : base.request(args)) }
    announceEip6963(target, failing, INFO)
    const kit = createKit({ projectId: 'latch-dev', storage: createMemoryStorage() }, [
      connectors({ networks: [localEvmNetwork(31337, DEAD_RPC)], sources: [eip155Connectors({ target, injected: false })] }),
    ])
    await kit.ready
    const store = kit.resolve(ConnectionStoreToken)
    await store.connect('test.counted')
    await expect(store.disconnect('eip155')).rejects.toMatchObject({ name: 'FailedToDisconnectChainError', shortMessage: 'Failed to disconnect chain eip155' })
    expect(kit.getState()).toMatchObject({ status: 'disconnected', address: undefined })
    await store.connect('test.counted')
    await expect(store.disconnect()).rejects.toMatchObject({ shortMessage: 'Failed to disconnect' })
    await kit.dispose()
  })
})
