import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { EventBusToken, ViewRegistryToken, ViewStackToken } from '../../kernel/index.js'
import { eip155Connectors } from '../../chains/eip155/eip155Connectors.js'
import { localEvmNetwork } from '../../chains/networks/localNetworks.js'
import { ConnectionRejectedError } from '../../chains/errors/connection.js'
import { createKit } from '../../ui-shell/createKit.js'
import { ConnectMethodsToken, definePlugin, fillSlot, type KitOptions, type PluginDefinition } from '../../ui-shell/plugin.js'
import { createMemoryStorage } from '../../test/support/createMemoryStorage.js'
import { announceEip6963, createTestEip1193Wallet } from '../../test/support/wallets/createTestEip1193Wallet.js'
import { connectors, ConnectorRegistryToken } from '../connectors/index.js'
import { connect, ConnectFlowStoreToken, ConnectWalletsStoreToken, WalletCatalogStoreToken } from './index.js'
import { CONNECT_STYLES } from './views/connectStyles.js'
import { CONNECTING_STYLES } from './views/connecting/connectingStyles.js'

const DEAD_RPC = 'http://127.0.0.1:9'
const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 7 })
const INFO = { uuid: '11111111-2222-4333-8444-666666666666', name: 'Picked Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'test.picked' }

/** A kit with the modal's shell (not mounted), the connectors plugin over one announced wallet, and connect. */
async function setup(options: KitOptions = {}, approve: () => boolean = () => true, extra: PluginDefinition[] = []) {
  const target = new EventTarget()
  const wallet = createTestEip1193Wallet({ account, chains: { 31337: DEAD_RPC }, approve })
  const stopAnnouncing = announceEip6963(target, wallet, INFO)
  const kit = createKit({ projectId: 'latch-dev', storage: createMemoryStorage(), mountModal: false, remoteConfig: false, ...options }, [
    connectors({ networks: [localEvmNetwork(31337, DEAD_RPC)], sources: [eip155Connectors({ target, injected: false })] }),
    connect(),
    ...extra,
  ])
  await kit.ready
  return { kit, stopAnnouncing }
}

/** A third party's email section: enough to take part in SPEC §2's method order. */
const emailMethod = definePlugin({ id: 'email-method', setup: (ctx) => fillSlot(ctx, ConnectMethodsToken, { id: 'email', component: () => null }) })
const CUSTOM = [{ id: 'host-wallet', name: 'Host Wallet' }]

describe('given the host orders of the Connect view, through a kit', () => {
  it('follows SPEC §2 by default: wallet first with an installed wallet, then the connector-type order', async () => {
    const { kit, stopAnnouncing } = await setup({ customWallets: CUSTOM }, undefined, [emailMethod])
    const wallets = kit.resolve(ConnectWalletsStoreToken)
    expect(wallets.methods.map((m) => m.id)).toEqual(['wallet', 'email'])
    expect(wallets.items.map((item) => item.section)).toEqual(['injected', 'custom'])
    await kit.dispose()
    stopAnnouncing()
  })

  it('takes features.connectMethodsOrder and features.connectorTypeOrder when the host sets them', async () => {
    const features = { connectMethodsOrder: ['email', 'wallet'], connectorTypeOrder: ['custom', 'injected'] } as const
    const { kit, stopAnnouncing } = await setup({ customWallets: CUSTOM, features }, undefined, [emailMethod])
    const wallets = kit.resolve(ConnectWalletsStoreToken)
    expect(wallets.methods.map((m) => m.id)).toEqual(['email', 'wallet'])
    expect(wallets.items.map((item) => item.section)).toEqual(['custom', 'injected'])
    await kit.dispose()
    stopAnnouncing()
  })
})

describe('given the connect plugin with the connectors plugin', () => {
  it('registers Connect with the wallet list as its method, and the connecting views with their styles', async () => {
    const { kit, stopAnnouncing } = await setup()
    expect(kit.getState().plugins.connect).toBe('loaded')
    const views = kit.resolve(ViewRegistryToken)
    expect(views.names()).toEqual(['Connect', 'ConnectingExternal', 'ConnectingWalletConnect', 'ConnectingWalletConnectBasic'])
    expect(views.get('Connect')?.styles).toBe(CONNECT_STYLES)
    expect(views.get('ConnectingExternal')?.styles).toBe(CONNECTING_STYLES)
    const methods = kit.resolve(ConnectMethodsToken).sorted
    expect(methods.map((m) => m.id)).toEqual(['wallet'])
    // The announced wallet counts as installed (SPEC §2: wallet first).
    expect(methods[0]!.hasInstalledWallet?.()).toBe(true)
    // No catalogue configured: no AllWallets and no catalogue store.
    expect(kit.isProvided(WalletCatalogStoreToken)).toBe(false)
    await kit.dispose()
    stopAnnouncing()
  })

  it('connects a picked wallet in ConnectingExternal and closes the modal once connected', async () => {
    const { kit, stopAnnouncing } = await setup()
    await kit.open()
    const connector = kit.resolve(ConnectorRegistryToken).get('test.picked')!
    const connected = kit.resolve(ConnectFlowStoreToken).selectConnector(connector)
    expect(kit.resolve(ViewStackToken).current).toEqual({ view: 'ConnectingExternal', data: { connectorId: 'test.picked', chain: 'eip155' } })
    expect(kit.getState().view).toBe('ConnectingExternal')
    expect(await connected).toBe(true)
    expect(kit.getState()).toMatchObject({ open: false, status: 'connected', address: account.address })
    await kit.dispose()
    stopAnnouncing()
  })

  it('stays on ConnectingExternal with the wallet\'s error when the visitor rejects', async () => {
    const { kit, stopAnnouncing } = await setup({}, () => false)
    await kit.open()
    const flow = kit.resolve(ConnectFlowStoreToken)
    expect(await flow.selectConnector(kit.resolve(ConnectorRegistryToken).get('test.picked')!)).toBe(false)
    expect(flow.error).toBeInstanceOf(ConnectionRejectedError)
    expect(kit.getState()).toMatchObject({ open: true, view: 'ConnectingExternal' })
    await kit.dispose()
    stopAnnouncing()
  })

  it('10: tells the bus of each failed attempt with the connector type (connect:failed)', async () => {
    const { kit, stopAnnouncing } = await setup({}, () => false)
    const failures: Array<{ connectorId: string; connectorType: string | undefined; message: string }> = []
    kit.on('connect:failed', ({ connectorId, connectorType, error }) => failures.push({ connectorId, connectorType, message: error.shortMessage }))
    await kit.open()
    const flow = kit.resolve(ConnectFlowStoreToken)
    await flow.selectConnector(kit.resolve(ConnectorRegistryToken).get('test.picked')!)
    await flow.retry()
    expect(failures).toEqual([
      { connectorId: 'test.picked', connectorType: 'ANNOUNCED', message: 'Connection rejected' },
      { connectorId: 'test.picked', connectorType: 'ANNOUNCED', message: 'Connection rejected' },
    ])
    await kit.dispose()
    stopAnnouncing()
  })

  it('leaves no view, slot entry or listener behind on dispose', async () => {
    const { kit, stopAnnouncing } = await setup({ apiUrl: 'http://127.0.0.1:9' })
    const views = kit.resolve(ViewRegistryToken)
    const methods = kit.resolve(ConnectMethodsToken)
    const bus = kit.resolve(EventBusToken)
    expect(views.has('AllWallets')).toBe(true)
    await kit.dispose()
    expect(views.names()).toEqual([])
    expect(methods.entries).toEqual([])
    expect(bus.listenerCount()).toBe(0)
    stopAnnouncing()
  })
})

describe('given a catalogue (apiUrl)', () => {
  it('registers AllWallets and its store while the allWallets feature is on', async () => {
    const on = await setup({ apiUrl: 'http://127.0.0.1:9' })
    expect(on.kit.resolve(ViewRegistryToken).has('AllWallets')).toBe(true)
    expect(on.kit.isProvided(WalletCatalogStoreToken)).toBe(true)
    await on.kit.dispose()
    on.stopAnnouncing()

    const off = await setup({ apiUrl: 'http://127.0.0.1:9', features: { allWallets: false } })
    expect(off.kit.resolve(ViewRegistryToken).has('AllWallets')).toBe(false)
    await off.kit.dispose()
    off.stopAnnouncing()
  })
})
