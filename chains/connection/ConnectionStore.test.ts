import { getWallets } from '@wallet-standard/app'
import { Keypair } from '@solana/web3.js'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { createStorage } from '../../kernel/index.js'
import { createMemoryStorage } from '../../test/support/createMemoryStorage.js'
import { announceEip6963, createTestEip1193Wallet } from '../../test/support/wallets/createTestEip1193Wallet.js'
import { createTestSolanaWallet } from '../../test/support/wallets/createTestSolanaWallet.js'
import type { AnyConnector } from '../connectors/ChainConnector.js'
import { createMultiChainConnector } from '../connectors/createMultiChainConnector.js'
import { eip155Connectors } from '../eip155/eip155Connectors.js'
import { localEvmNetwork, localSolanaNetwork } from '../networks/localNetworks.js'
import { createSolanaConnector } from '../solana/solanaConnectors.js'
import { createWalletConnectConnector } from '../walletconnect/walletConnect.js'
import { ConnectionStore } from './ConnectionStore.js'

// Connecting needs only the wallets (eth_requestAccounts, eth_chainId answer locally); the
// balance read after connecting fails against the closed port and is left unset.
const DEAD_RPC = 'http://127.0.0.1:9'
const networks = [localEvmNetwork(31337, DEAD_RPC), localSolanaNetwork(DEAD_RPC, 'LatchLocaL1111111111111111111111')]
const mnemonic = 'test test test test test test test test test test test junk'

function setup() {
  const target = new EventTarget()
  const registered = new Map<string, AnyConnector>()
  const wallets = [0, 1, 2].map((i) => {
    const wallet = createTestEip1193Wallet({ account: mnemonicToAccount(mnemonic, { addressIndex: i }), chains: { 31337: DEAD_RPC } })
    announceEip6963(target, wallet, { uuid: `0000000${i}-0000-4000-8000-000000000000`, name: `Wallet ${i}`, icon: 'data:image/svg+xml,<svg/>', rdns: `test.wallet${i}` })
    return wallet
  })
  eip155Connectors({ target, injected: false }).start((c) => {
    registered.set(c.id, c)
    return () => registered.delete(c.id)
  })
  const events: string[] = []
  const backend = createMemoryStorage()
  const store = new ConnectionStore({
    storage: createStorage({ backend }),
    networks,
    findConnector: (id) => registered.get(id),
    rpcUrls: (n) => [...n.rpcUrls.default.http],
    emit: (event) => void events.push(event),
  })
  return { store, registered, wallets, events, backend }
}

describe('given a connection store with three announced wallets', () => {
  it('keeps the two most recent wallets, newest first, and stores them', async () => {
    const { store, backend } = setup()
    await store.connect('test.wallet0')
    await store.connect('test.wallet1')
    await store.connect('test.wallet2')
    await store.connect('test.wallet1')
    expect(store.recentWallets.map((w) => w.id)).toEqual(['test.wallet1', 'test.wallet2'])
    expect(JSON.parse(backend.entries.get('@latch/recentWallets')!)).toEqual([
      { id: 'test.wallet1', name: 'Wallet 1', rdns: 'test.wallet1' },
      { id: 'test.wallet2', name: 'Wallet 2', rdns: 'test.wallet2' },
    ])
    store.dispose()
  })

  it('remembers the wallet the visitor picked, not the connector that paired it', async () => {
    const { store, backend } = setup()
    await store.connect('test.wallet0', { wallet: { id: 'catalogue-wallet', name: 'Catalogue Wallet' } })
    expect(store.recentWallets).toEqual([{ id: 'catalogue-wallet', name: 'Catalogue Wallet' }])
    expect(JSON.parse(backend.entries.get('@latch/recentWallets')!)).toEqual([{ id: 'catalogue-wallet', name: 'Catalogue Wallet' }])
    store.dispose()
  })

  it('classes a switch as connected, active or disconnected (SPEC §4)', async () => {
    const { store, registered } = setup()
    await store.connect('test.wallet0')
    expect(store.classifySwitch({ connectorId: 'test.wallet0', accounts: [] }, 'eip155')).toBe('connected')
    expect(store.classifySwitch({ connectorId: 'test.wallet1', accounts: [] }, 'eip155')).toBe('active')
    const wc = createWalletConnectConnector({ projectId: 'p', relayUrl: 'ws://127.0.0.1:9', metadata: { name: 'x', description: '', url: 'http://x', icons: [] } })
    registered.set(wc.id, wc)
    expect(store.classifySwitch({ connectorId: 'walletConnect', accounts: [] }, 'eip155')).toBe('disconnected')
    expect(() => store.classifySwitch({ connectorId: 'gone', accounts: [] }, 'eip155')).toThrow(
      expect.objectContaining({ shortMessage: 'No connector found for connection' }),
    )
    await store.switchConnection({ connection: { connectorId: 'test.wallet1', accounts: [] }, namespace: 'eip155' })
    expect(store.activeAccountState?.connectedWalletInfo?.id).toBe('test.wallet1')
    store.dispose()
  })

  it('keeps connections per namespace and reports unknown connectors with the catalogue error', async () => {
    const { store } = setup()
    await store.connect('test.wallet2')
    expect(store.connections.get('eip155')).toEqual([{ connectorId: 'test.wallet2', accounts: [{ address: mnemonicToAccount(mnemonic, { addressIndex: 2 }).address, type: 'eoa' }], recent: true }])
    await expect(store.connect('nope')).rejects.toMatchObject({ code: 'KIT_CONNECTION_NO_CONNECTOR', shortMessage: 'No connector found for connection' })
    await expect(store.signMessage('x', 'solana')).rejects.toMatchObject({ shortMessage: 'CaipNetwork or CaipAddress is undefined' })
    store.dispose()
  })

  it('connects every namespace of a MULTI_CHAIN connector at once', async () => {
    const { store, registered } = setup()
    const solana = createTestSolanaWallet({ secretKey: Keypair.generate().secretKey, name: 'Multi Solana' })
    const unregister = getWallets().register(solana.wallet)
    const multi = createMultiChainConnector({ id: 'multi', name: 'Multi', connectors: [registered.get('test.wallet0') as never, createSolanaConnector(solana.wallet)] })
    registered.set('multi', multi)
    await store.connect('multi')
    expect(store.connectedNamespaces.sort()).toEqual(['eip155', 'solana'])
    expect(store.accountStates.get('solana')?.address).toBe(solana.address)
    await store.disconnect()
    expect(store.connectedNamespaces).toEqual([])
    unregister()
    store.dispose()
  })

  it('keeps the preferred account type through a reset and for the next visit (SPEC §4 defaults)', async () => {
    const { store, backend } = setup()
    await store.connect('test.wallet0')
    expect(store.accountStates.get('eip155')?.preferredAccountTypes).toEqual({ eip155: 'smartAccount' })
    store.setPreferredAccountType('eip155', 'eoa')
    await store.disconnect('eip155')
    expect(store.accountStates.get('eip155')?.preferredAccountTypes).toEqual({ eip155: 'eoa' })
    expect(JSON.parse(backend.entries.get('@latch/preferredAccountTypes')!)).toEqual({ eip155: 'eoa' })
    store.dispose()
  })
})
