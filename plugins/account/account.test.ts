import { describe, expect, it } from 'vitest'
import { EventBusToken, FeatureStoreToken, PluginMissingDependencyError, ViewRegistryToken } from '../../kernel/index.js'
import { AccountActionsToken, AccountTabsToken, createKit, I18nStoreToken, StyleSheetsToken } from '../../ui-shell/plugin.js'
import { localEvmNetwork } from '../../chains/networks/localNetworks.js'
import { createMemoryStorage } from '../../test/support/createMemoryStorage.js'
import { connectors } from '../connectors/index.js'
import { activity } from '../activity/index.js'
import { account } from './index.js'
import { ACCOUNT_STYLES } from './views/accountStyles.js'

const DEAD_RPC = 'http://127.0.0.1:9'
const ACCOUNT_VIEWS = ['Account', 'Networks', 'SwitchNetwork', 'SwitchActiveChain', 'UnsupportedChain', 'ProfileWallets', 'Send', 'Receive']

/** A kit with the modal shell (not mounted: no DOM in Node), the connectors, account and activity plugins. */
function accountKit(features: Record<string, boolean> = {}) {
  return createKit({ projectId: 'latch-dev', storage: createMemoryStorage(), remoteConfig: false, features }, [
    connectors({ networks: [localEvmNetwork(31337, DEAD_RPC)] }),
    account(),
    activity(),
  ])
}

describe('given the account and activity plugins', () => {
  it('fill the Account tabs (Tokens, NFTs, Activity) and actions (Send, Receive) in order, and leave nothing behind on dispose', async () => {
    const kit = accountKit()
    await kit.ready
    expect(kit.getState().plugins).toMatchObject({ account: 'loaded', activity: 'loaded' })
    const tabs = kit.resolve(AccountTabsToken)
    const actions = kit.resolve(AccountActionsToken)
    // Labels are message keys: what the visitor reads is their English message.
    const i18n = kit.resolve(I18nStoreToken)
    const sheets = kit.resolve(StyleSheetsToken)
    const views = kit.resolve(ViewRegistryToken)
    expect(tabs.sorted.map((tab) => [tab.id, i18n.t(tab.label)])).toEqual([
      ['tokens', 'Tokens'],
      ['nfts', 'NFTs'],
      ['activity', 'Activity'],
    ])
    expect(actions.sorted.map((a) => [i18n.t(a.label), a.view])).toEqual([
      ['Send', 'Send'],
      ['Receive', 'Receive'],
    ])
    // Every account view carries the account stylesheet; the Activity tab adds its own.
    for (const name of ACCOUNT_VIEWS) expect(views.get(name)?.styles).toBe(ACCOUNT_STYLES)
    expect(sheets.sorted.map((s) => s.id)).toEqual(['activity'])

    const bus = kit.resolve(EventBusToken)
    await kit.dispose()
    expect(tabs.entries).toEqual([])
    expect(actions.entries).toEqual([])
    expect(sheets.entries).toEqual([])
    expect(ACCOUNT_VIEWS.filter((name) => views.has(name))).toEqual([])
    expect(bus.listenerCount()).toBe(0)
  })

  it('shows Send and Receive only while their features are on, following the flags live', async () => {
    const kit = accountKit({ send: false })
    await kit.ready
    const actions = kit.resolve(AccountActionsToken)
    const views = kit.resolve(ViewRegistryToken)
    expect(actions.sorted.map((a) => a.id)).toEqual(['receive'])
    expect(views.has('Send')).toBe(false)

    const features = kit.resolve(FeatureStoreToken)
    features.set({ ...features.flags, send: true, receive: false })
    expect(actions.sorted.map((a) => a.id)).toEqual(['send'])
    expect([views.has('Send'), views.has('Receive')]).toEqual([true, false])
    features.set({ ...features.flags, receive: true })
    expect(actions.sorted.map((a) => a.id)).toEqual(['send', 'receive'])
    await kit.dispose()
  })

  it('has no Activity tab while the activity feature is off, and never fetches its code', async () => {
    let fetched = false
    const plugin = activity()
    const watched = { ...plugin, load: () => ((fetched = true), plugin.load()) }
    const kit = createKit({ projectId: 'latch-dev', storage: createMemoryStorage(), remoteConfig: false, features: { activity: false } }, [
      connectors({ networks: [localEvmNetwork(31337, DEAD_RPC)] }),
      account(),
      watched,
    ])
    await kit.ready
    expect(kit.getState().plugins.activity).toBe('skipped')
    expect(fetched).toBe(false)
    expect(kit.resolve(AccountTabsToken).sorted.map((t) => t.id)).toEqual(['tokens', 'nfts'])
    await kit.dispose()
  })

  it('refuses activity without the account plugin, naming both', () => {
    const create = () => createKit({ projectId: 'latch-dev', storage: createMemoryStorage(), remoteConfig: false }, [connectors({ networks: [] }), activity()])
    expect(create).toThrow(PluginMissingDependencyError)
    expect(create).toThrow('Plugin "activity" requires plugin "account", which is not registered.')
  })
})
