import { describe, expect, it } from 'vitest'
import { EventBusToken, type PluginDefinition } from '../../kernel/index.js'
import { createKit } from '../../ui-shell/createKit.js'
import { connectors } from '../../plugins/connectors/index.js'
import { embeddedWallet } from '../../plugins/embeddedWallet/index.js'
import { socials } from '../../plugins/socials/index.js'
import { createMemoryStorage } from '../support/createMemoryStorage.js'

// STYLE §7 contract test: load each plugin with only what it requires, close it, and nothing it
// registered remains. The account, activity, onramp, swaps, siwx, embeddedWallet, email and names
// plugins have their contract tests beside them (plugins/<name>/*.test.ts), socials too.
const PLUGINS: Array<[string, () => PluginDefinition, () => PluginDefinition[]]> = [
  ['socials', socials, () => [connectors({ networks: [], sources: [] }), embeddedWallet({ secureSiteUrl: 'http://127.0.0.1:9' })]],
]

describe.each(PLUGINS)('the %s plugin, with only what it requires', (id, make, requires) => {
  it('loads when its feature is on and leaves nothing behind on dispose', async () => {
    const kit = createKit({ projectId: 'test', mountModal: false, storage: createMemoryStorage() }, [...requires(), make()])
    await kit.ready
    expect(kit.getState().plugins[id]).toBe('loaded')
    const bus = kit.resolve(EventBusToken)
    await kit.dispose()
    expect(bus.listenerCount()).toBe(0)
    expect(kit.getState().plugins[id]).toBe('pending')
  })

  it('is skipped, its code never fetched nor run, when its feature is off', async () => {
    const plugin = make()
    let fetched = false
    // A plugin that contributes nothing yet has an inline setup and no chunk: watch whichever it has.
    const watched: PluginDefinition = plugin.load
      ? { ...plugin, load: () => ((fetched = true), plugin.load!()) }
      : { ...plugin, setup: (ctx) => ((fetched = true), plugin.setup!(ctx)) }
    const kit = createKit({ projectId: 'test', mountModal: false, storage: createMemoryStorage(), features: { [plugin.feature!]: false } }, [
      ...requires(),
      watched,
    ])
    await kit.ready
    expect(kit.getState().plugins[id]).toBe('skipped')
    expect(fetched).toBe(false)
    await kit.dispose()
  })
})
