import { describe, expect, it } from 'vitest'
import { EventBusToken, ViewRegistryToken } from '../../kernel/index.js'
import { AccountActionsToken, createKit, I18nStoreToken } from '../../ui-shell/plugin.js'
import { localEvmNetwork } from '../../chains/networks/localNetworks.js'
import { createMemoryStorage } from '../../test/support/createMemoryStorage.js'
import { sendJson, startHttpServer } from '../../test/support/startHttpServer.js'
import { connectors } from '../connectors/index.js'
import { account } from '../account/index.js'
import { swaps } from './index.js'
import { SwapStoreToken } from './swapsTokens.js'
import { SWAP_STYLES } from './views/swapStyles.js'

// STYLE §7 contract test, with the plugins swaps requires: load, use, close, nothing left behind.
const SWAP_VIEWS = ['Swap', 'SwapSelectToken', 'SwapPreview']

/** A kit with the modal shell (not mounted: no DOM in Node), the connectors, account and swaps plugins. */
function swapsKit(features: Record<string, boolean> = {}, plugin = swaps()) {
  return createKit({ projectId: 'latch-dev', storage: createMemoryStorage(), remoteConfig: false, features }, [
    connectors({ networks: [localEvmNetwork(31337, 'http://127.0.0.1:9')] }),
    account(),
    plugin,
  ])
}

describe('given the swaps plugin', () => {
  it('adds Swap after Send and Receive with its three styled views, loads no store before Swap shows, and leaves nothing behind on dispose', async () => {
    const kit = swapsKit()
    await kit.ready
    expect(kit.getState().plugins).toMatchObject({ swaps: 'loaded' })
    const actions = kit.resolve(AccountActionsToken)
    // Labels are message keys: what the visitor reads is their English message.
    const i18n = kit.resolve(I18nStoreToken)
    const views = kit.resolve(ViewRegistryToken)
    expect(actions.sorted.map((action) => [i18n.t(action.label), action.view])).toEqual([
      ['Send', 'Send'],
      ['Receive', 'Receive'],
      ['Swap', 'Swap'],
    ])
    for (const name of SWAP_VIEWS) expect(views.get(name)?.styles).toBe(SWAP_STYLES)
    // The store is in the views' chunk, fetched when Swap first shows.
    expect(() => kit.resolve(SwapStoreToken)).toThrow()

    const bus = kit.resolve(EventBusToken)
    await kit.dispose()
    expect(actions.entries).toEqual([])
    expect(SWAP_VIEWS.filter((name) => views.has(name))).toEqual([])
    expect(bus.listenerCount()).toBe(0)
  })

  it('follows the swaps flag of remote configuration live: off removes Swap and its views, on brings them back', async () => {
    let features: Record<string, boolean> = { swaps: true }
    const server = await startHttpServer((request, response) => sendJson(response, 200, new URL(request.url ?? '/', 'http://x').pathname === '/appkit/v1/config' ? { features } : {}))
    const kit = createKit({ projectId: 'latch-dev', apiUrl: server.url, storage: createMemoryStorage() }, [
      connectors({ networks: [localEvmNetwork(31337, 'http://127.0.0.1:9')] }),
      account(),
      swaps(),
    ])
    try {
      await kit.ready
      const actions = kit.resolve(AccountActionsToken)
      const views = kit.resolve(ViewRegistryToken)
      expect(actions.sorted.map((action) => action.id)).toEqual(['send', 'receive', 'swap'])
      features = { swaps: false }
      await kit.refreshConfig()
      expect(actions.sorted.map((action) => action.id)).toEqual(['send', 'receive'])
      expect(SWAP_VIEWS.filter((name) => views.has(name))).toEqual([])
      features = { swaps: true }
      await kit.refreshConfig()
      expect(actions.sorted.map((action) => action.id)).toEqual(['send', 'receive', 'swap'])
      expect(SWAP_VIEWS.filter((name) => views.has(name))).toEqual(SWAP_VIEWS)
    } finally {
      await kit.dispose()
      await server.close()
    }
  })

  it('is skipped, its code never fetched, while the swaps feature is off', async () => {
    let fetched = false
    const plugin = swaps()
    const kit = swapsKit({ swaps: false }, { ...plugin, load: () => ((fetched = true), plugin.load()) })
    await kit.ready
    expect(kit.getState().plugins).toMatchObject({ account: 'loaded', swaps: 'skipped' })
    expect(fetched).toBe(false)
    expect(kit.resolve(AccountActionsToken).sorted.map((action) => action.id)).toEqual(['send', 'receive'])
    await kit.dispose()
  })
})
