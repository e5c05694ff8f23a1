import { describe, expect, it } from 'vitest'
import { EventBusToken, ViewRegistryToken } from '../../kernel/index.js'
import { createKit } from '../../ui-shell/createKit.js'
import { AccountActionsToken } from '../../ui-shell/plugin.js'
import { localEvmNetwork } from '../../chains/networks/localNetworks.js'
import { createMemoryStorage } from '../../test/support/createMemoryStorage.js'
import { account } from '../account/index.js'
import { connectors } from '../connectors/index.js'
import { embeddedWallet } from '../embeddedWallet/index.js'
import { names } from './index.js'

// The registration itself runs in Chromium with the embedded wallet (test/browser/names.test.ts)
// and against the backend beside the store; here, the plugin contract.
const plugins = (features: Record<string, boolean> = {}) => ({
  options: { mountModal: false, storage: createMemoryStorage(), features },
  list: [
    connectors({ networks: [localEvmNetwork(31337, 'http://127.0.0.1:9')], sources: [] }),
    account(),
    embeddedWallet({ secureSiteUrl: 'http://127.0.0.1:9' }),
    names(),
  ],
})

describe('given the names plugin beside the account and embedded wallet plugins', () => {
  it('registers RegisterAccountName and its success view, offers no action while nobody is connected, and leaves nothing after dispose', async () => {
    const { options, list } = plugins()
    const kit = createKit(options, list)
    await kit.ready
    expect(kit.getState().plugins).toMatchObject({ account: 'loaded', embeddedWallet: 'loaded', names: 'loaded' })
    const views = kit.resolve(ViewRegistryToken)
    expect(views.has('RegisterAccountName') && views.has('RegisterAccountNameSuccess')).toBe(true)
    // Send and Receive are the account plugin's; "Choose a name" waits for an AUTH account.
    expect(kit.resolve(AccountActionsToken).sorted.map((action) => action.id)).not.toContain('names')
    const bus = kit.resolve(EventBusToken)
    await kit.dispose()
    expect(bus.listenerCount()).toBe(0)
    expect(kit.getState().plugins.names).toBe('pending')
    expect(views.has('RegisterAccountName')).toBe(false)
  })

  it('is skipped, its code never fetched, with its feature off', async () => {
    const { options, list } = plugins({ names: false })
    const plugin = list[3]!
    let fetched = false
    list[3] = { ...plugin, load: () => ((fetched = true), plugin.load!()) }
    const kit = createKit(options, list)
    await kit.ready
    expect(kit.getState().plugins).toMatchObject({ account: 'loaded', names: 'skipped' })
    expect(fetched).toBe(false)
    expect(kit.resolve(ViewRegistryToken).has('RegisterAccountName')).toBe(false)
    await kit.dispose()
  })

  it('is refused without the embedded wallet plugin, naming it (SPEC §5 ties names to the AUTH connector)', () => {
    const make = () => createKit({ mountModal: false, storage: createMemoryStorage() }, [connectors({ networks: [], sources: [] }), account(), names()])
    expect(make).toThrowError('Plugin "names" requires plugin "embeddedWallet", which is not registered.')
  })
})
