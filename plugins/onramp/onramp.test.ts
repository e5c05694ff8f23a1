import { describe, expect, it } from 'vitest'
import { EventBusToken, FeatureStoreToken, ViewRegistryToken } from '../../kernel/index.js'
import { AccountActionsToken, createKit, I18nStoreToken } from '../../ui-shell/plugin.js'
import { localEvmNetwork } from '../../chains/networks/localNetworks.js'
import type { Network } from '../../chains/networks/Network.js'
import { createMemoryStorage } from '../../test/support/createMemoryStorage.js'
import { connectors, ConnectionStoreToken } from '../connectors/index.js'
import { account } from '../account/index.js'
import * as onrampEntry from './index.js'
import { ONRAMP_STYLES } from './views/onrampStyles.js'

const DEAD_RPC = 'http://127.0.0.1:9'
const ONRAMP_VIEWS = ['OnRampProviders', 'BuyInProgress']
const LOCAL = localEvmNetwork(31337, DEAD_RPC)
// A chain outside SPEC §9's Coinbase-pay list.
const BSC: Network = { ...localEvmNetwork(56, DEAD_RPC), name: 'BNB Smart Chain' }

/** A kit with the modal shell (not mounted: no DOM in Node), the connectors, account and onramp plugins. */
function onrampKit(features: Record<string, boolean> = {}, plugin = onrampEntry.onramp()) {
  return createKit({ projectId: 'latch-dev', storage: createMemoryStorage(), remoteConfig: false, features }, [
    connectors({ networks: [LOCAL, BSC] }),
    account(),
    plugin,
  ])
}

describe('given the onramp plugin', () => {
  it('adds Buy after Send and Receive on a Coinbase-pay network, removes it elsewhere, and leaves nothing behind on dispose', async () => {
    const kit = onrampKit()
    await kit.ready
    expect(kit.getState().plugins).toMatchObject({ onramp: 'loaded' })
    const actions = kit.resolve(AccountActionsToken)
    // Labels are message keys: what the visitor reads is their English message.
    const i18n = kit.resolve(I18nStoreToken)
    const views = kit.resolve(ViewRegistryToken)
    const connection = kit.resolve(ConnectionStoreToken)
    connection.setActiveNetwork(LOCAL)
    expect(actions.sorted.map((action) => [i18n.t(action.label), action.view])).toEqual([
      ['Send', 'Send'],
      ['Receive', 'Receive'],
      ['Buy', 'OnRampProviders'],
    ])
    for (const name of ONRAMP_VIEWS) expect(views.get(name)?.styles).toBe(ONRAMP_STYLES)

    connection.setActiveNetwork(BSC)
    expect(actions.sorted.map((action) => action.id)).toEqual(['send', 'receive'])
    connection.setActiveNetwork(LOCAL)
    expect(actions.sorted.map((action) => action.id)).toEqual(['send', 'receive', 'buy'])

    const bus = kit.resolve(EventBusToken)
    await kit.dispose()
    expect(actions.entries).toEqual([])
    expect(ONRAMP_VIEWS.filter((name) => views.has(name))).toEqual([])
    expect(bus.listenerCount()).toBe(0)
  })

  it('follows the onramp flag live: off removes Buy and its views, on brings them back', async () => {
    const kit = onrampKit()
    await kit.ready
    kit.resolve(ConnectionStoreToken).setActiveNetwork(LOCAL)
    const actions = kit.resolve(AccountActionsToken)
    const views = kit.resolve(ViewRegistryToken)
    const features = kit.resolve(FeatureStoreToken)
    features.set({ ...features.flags, onramp: false })
    expect(actions.sorted.map((action) => action.id)).toEqual(['send', 'receive'])
    expect(ONRAMP_VIEWS.filter((name) => views.has(name))).toEqual([])
    features.set({ ...features.flags, onramp: true })
    expect(actions.sorted.map((action) => action.id)).toEqual(['send', 'receive', 'buy'])
    expect(ONRAMP_VIEWS.filter((name) => views.has(name))).toEqual(ONRAMP_VIEWS)
    await kit.dispose()
  })

  it('is skipped, its code never fetched, while the onramp feature is off', async () => {
    let fetched = false
    const plugin = onrampEntry.onramp()
    const kit = onrampKit({ onramp: false }, { ...plugin, load: () => ((fetched = true), plugin.load()) })
    await kit.ready
    expect(kit.getState().plugins).toMatchObject({ account: 'loaded', onramp: 'skipped' })
    expect(fetched).toBe(false)
    expect(kit.resolve(AccountActionsToken).sorted.map((action) => action.id)).toEqual(['send', 'receive'])
    await kit.dispose()
  })
})

it('exports exactly the documented onramp surface', () => {
  expect(Object.keys(onrampEntry).sort()).toMatchInlineSnapshot(`
    [
      "OnrampErrorCodes",
      "OnrampStoreToken",
      "onramp",
    ]
  `)
})
