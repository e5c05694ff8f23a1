import { when } from 'mobx'
import { verifyMessage } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createKernel as createKit } from '../../kernel/index.js'
import { localEvmNetwork } from '../../chains/networks/localNetworks.js'
import { walletConnect } from '../../chains/walletconnect/walletConnect.js'
import { DEFAULT_EIP155_METHODS } from '../../chains/walletconnect/WalletConnectOptions.js'
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_TTL_MS } from '../../chains/walletconnect/pairingTimes.js'
import { connectors, ConnectionStoreToken } from '../../plugins/connectors/index.js'
import { startHardhatNode, type HardhatNode } from '../../server/chains/startHardhatNode.js'
import { createMemoryStorage } from '../support/createMemoryStorage.js'
import { startRelay } from '../support/startRelay.js'
import { startWalletKitWallet } from '../support/wallets/startWalletKitWallet.js'

const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 3 })
let chain: HardhatNode
let relay: Awaited<ReturnType<typeof startRelay>>
const hosts = new Set<string>()
const realFetch = globalThis.fetch

beforeAll(async () => {
  // Every HTTP call the kit and the clients make is recorded: none may leave loopback.
  globalThis.fetch = (input, init) => {
    hosts.add(new URL(input instanceof Request ? input.url : String(input)).host)
    return realFetch(input, init)
  }
  ;[chain, relay] = await Promise.all([startHardhatNode({ chainId: 31337 }), startRelay()])
})
afterAll(async () => {
  globalThis.fetch = realFetch
  await Promise.all([chain?.stop(), relay?.close()])
})

describe('given the WalletConnect connector and a WalletKit wallet on the local relay', () => {
  it('pairs from the kit URI, answers personal_sign, and follows a wallet-side disconnect', async () => {
    const wallet = await startWalletKitWallet({ relayUrl: relay.relayUrl, account, chainId: 31337, storagePrefix: 'wc-test-wallet' })
    const source = walletConnect({
      projectId: 'latch-dev',
      relayUrl: relay.relayUrl,
      storagePrefix: 'wc-test-dapp',
      metadata: { name: 'Latch test dapp', description: 'test', url: 'http://127.0.0.1', icons: [] },
    })
    const kit = createKit({ projectId: 'latch-dev', storage: createMemoryStorage() }, [
      connectors({ networks: [localEvmNetwork(31337, chain.rpcUrl), localEvmNetwork(31338, 'http://127.0.0.1:9')], sources: [source] }),
    ])
    await kit.ready
    const disconnected: unknown[] = []
    kit.on('wallet:disconnected', (payload) => disconnected.push(payload))
    const store = kit.resolve(ConnectionStoreToken)

    const connecting = store.connect('walletConnect')
    await when(() => source.connector.pairing.uri !== undefined)
    expect(source.connector.pairing.uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(store.status).toBe('connecting')
    await wallet.pair(source.connector.pairing.uri!)
    const caipAddress = await connecting

    expect(caipAddress).toBe(`eip155:31337:${account.address}`)
    expect(kit.getState()).toMatchObject({ status: 'connected', address: account.address })
    expect(source.connector.pairing.status).toBe('approved')
    // Issue 27: the connection names the wallet on the other end, not "WalletConnect".
    expect(store.accountStates.get('eip155')?.connectedWalletInfo).toMatchObject({ id: 'walletConnect', name: 'Latch Test WalletKit' })

    const signature = await store.signMessage('Hello over the local relay')
    expect(await verifyMessage({ address: account.address, message: 'Hello over the local relay', signature: signature as `0x${string}` })).toBe(true)

    // The session holds 31337 only and this wallet can neither switch nor add chains.
    await expect(store.switchNetwork('eip155:31338')).rejects.toMatchObject({ shortMessage: 'Chain is not supported' })
    expect(kit.getState()).toMatchObject({ status: 'connected', caipNetworkId: 'eip155:31337' })

    await wallet.disconnectAll()
    await when(() => store.status === 'disconnected', { timeout: 10_000 })
    expect(disconnected).toEqual([{ namespace: 'eip155', connectorId: 'walletConnect' }])
    expect([...hosts].filter((host) => !host.startsWith('127.0.0.1:'))).toEqual([])

    await kit.dispose()
    await wallet.stop()
  }, 60_000)

  it('on Telegram and iOS Safari reuses the live pairing, elsewhere makes a fresh one', async () => {
    const metadata = { name: 'Latch test dapp', description: 'test', url: 'http://127.0.0.1', icons: [] }
    const start = (reuse: boolean, prefix: string) => {
      const source = walletConnect({ projectId: 'latch-dev', relayUrl: relay.relayUrl, storagePrefix: prefix, metadata, reusePairing: () => reuse })
      const kit = createKit({ projectId: 'latch-dev', storage: createMemoryStorage() }, [
        connectors({ networks: [localEvmNetwork(31337, chain.rpcUrl)], sources: [source] }),
      ])
      return { source, kit }
    }

    const telegram = start(true, 'wc-test-reuse')
    await telegram.kit.ready
    const store = telegram.kit.resolve(ConnectionStoreToken)
    const first = store.connect('walletConnect')
    await when(() => telegram.source.connector.pairing.uri !== undefined)
    const uri = telegram.source.connector.pairing.uri
    const second = store.connect('walletConnect')
    expect(telegram.source.connector.pairing.uri).toBe(uri)
    // Both attempts end on the one pairing: a fresh one would leave `second` waiting on another URI.
    const wallet = await startWalletKitWallet({ relayUrl: relay.relayUrl, account, chainId: 31337, storagePrefix: 'wc-test-wallet-2' })
    await wallet.pair(uri!)
    expect(await second).toBe(`eip155:31337:${account.address}`)
    expect(await first).toBe(`eip155:31337:${account.address}`)
    await telegram.kit.dispose()

    const desktop = start(false, 'wc-test-fresh')
    await desktop.kit.ready
    const desktopStore = desktop.kit.resolve(ConnectionStoreToken)
    const abandoned = desktopStore.connect('walletConnect').catch((error: unknown) => error)
    await when(() => desktop.source.connector.pairing.uri !== undefined)
    const firstUri = desktop.source.connector.pairing.uri
    const fresh = desktopStore.connect('walletConnect')
    await when(() => desktop.source.connector.pairing.uri !== firstUri)
    expect(await abandoned).toMatchObject({ shortMessage: 'Failed to connect' })
    await wallet.pair(desktop.source.connector.pairing.uri!)
    expect(await fresh).toBe(`eip155:31337:${account.address}`)
    await desktop.kit.dispose()
    await wallet.stop()
  }, 60_000)

  it('abandons a pairing in its last 10 s with "Pairing expired", and the next attempt pairs on a fresh URI', async () => {
    // The 4-minute timer is the one boundary faked: its own callback is run when the test says.
    const expiries: Array<() => void> = []
    const realSetTimeout = globalThis.setTimeout
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, ms?: number, ...rest: unknown[]) => {
      if (ms !== PAIRING_TTL_MS - PAIRING_EXPIRY_MARGIN_MS) return realSetTimeout(callback, ms, ...rest)
      expiries.push(callback)
      return realSetTimeout(() => {}, 0)
    }) as typeof setTimeout)
    const metadata = { name: 'Latch test dapp', description: 'test', url: 'http://127.0.0.1', icons: [] }
    const source = walletConnect({ projectId: 'latch-dev', relayUrl: relay.relayUrl, storagePrefix: 'wc-test-expiry', metadata })
    const kit = createKit({ projectId: 'latch-dev', storage: createMemoryStorage() }, [connectors({ networks: [localEvmNetwork(31337, chain.rpcUrl)], sources: [source] })])
    const wallet = await startWalletKitWallet({ relayUrl: relay.relayUrl, account, chainId: 31337, storagePrefix: 'wc-test-wallet-expiry' })
    try {
      await kit.ready
      const store = kit.resolve(ConnectionStoreToken)
      const expired = store.connect('walletConnect').catch((error: unknown) => error)
      await when(() => source.connector.pairing.uri !== undefined)
      const staleUri = source.connector.pairing.uri
      expect(expiries).toHaveLength(1)
      expiries[0]!()
      expect(await expired).toMatchObject({ shortMessage: 'Pairing expired' })
      expect(source.connector.pairing.status).toBe('expired')

      const fresh = store.connect('walletConnect')
      await when(() => source.connector.pairing.uri !== undefined && source.connector.pairing.uri !== staleUri)
      await wallet.pair(source.connector.pairing.uri!)
      expect(await fresh).toBe(`eip155:31337:${account.address}`)
    } finally {
      spy.mockRestore()
      await kit.dispose()
      await wallet.stop()
    }
  }, 60_000)

  it("proposes the host's methods, else the default eip155 ones", async () => {
    const metadata = { name: 'Latch test dapp', description: 'test', url: 'http://127.0.0.1', icons: [] }
    const wallet = await startWalletKitWallet({ relayUrl: relay.relayUrl, account, chainId: 31337, storagePrefix: 'wc-test-wallet-methods' })
    try {
      for (const [prefix, methods] of [['wc-test-methods-own', ['personal_sign']], ['wc-test-methods-default', undefined]] as const) {
        const source = walletConnect({ projectId: 'latch-dev', relayUrl: relay.relayUrl, storagePrefix: prefix, metadata, ...(methods ? { methods: [...methods] } : {}) })
        const kit = createKit({ projectId: 'latch-dev', storage: createMemoryStorage() }, [connectors({ networks: [localEvmNetwork(31337, chain.rpcUrl)], sources: [source] })])
        await kit.ready
        const connecting = kit.resolve(ConnectionStoreToken).connect('walletConnect')
        await when(() => source.connector.pairing.uri !== undefined)
        await wallet.pair(source.connector.pairing.uri!)
        await connecting
        expect(wallet.proposals.at(-1)!.optionalNamespaces.eip155!.methods).toEqual(methods ?? [...DEFAULT_EIP155_METHODS])
        await kit.dispose()
      }
    } finally {
      await wallet.stop()
    }
  }, 60_000)

  it('maps a wallet rejecting the session to "Connection rejected"', async () => {
    const wallet = await startWalletKitWallet({ relayUrl: relay.relayUrl, account, chainId: 31337, storagePrefix: 'wc-test-rejecting', rejectSessions: true })
    const source = walletConnect({
      projectId: 'latch-dev',
      relayUrl: relay.relayUrl,
      storagePrefix: 'wc-test-dapp-rejected',
      metadata: { name: 'Latch test dapp', description: 'test', url: 'http://127.0.0.1', icons: [] },
    })
    const kit = createKit({ projectId: 'latch-dev', storage: createMemoryStorage() }, [
      connectors({ networks: [localEvmNetwork(31337, chain.rpcUrl)], sources: [source] }),
    ])
    await kit.ready
    const connecting = kit.resolve(ConnectionStoreToken).connect('walletConnect').catch((error: unknown) => error)
    await when(() => source.connector.pairing.uri !== undefined)
    await wallet.pair(source.connector.pairing.uri!)
    expect(await connecting).toMatchObject({ name: 'ConnectionRejectedError', shortMessage: 'Connection rejected' })
    expect(kit.getState().status).toBe('disconnected')
    await kit.dispose()
    await wallet.stop()
  }, 30_000)
})
