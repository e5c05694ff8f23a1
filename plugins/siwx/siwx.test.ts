import { describe, expect, it } from 'vitest'
import { EventBusToken } from '../../kernel/index.js'
import { createKit } from '../../ui-shell/createKit.js'
import { localEvmNetwork } from '../../chains/networks/localNetworks.js'
import { connectors } from '../connectors/index.js'
import { createMemoryStorage } from '../../test/support/createMemoryStorage.js'
import { siwx, SiweAndSiwxConflictError, SiwxServerNotConfiguredError } from './index.js'

// The sign-in flows run in Chromium (test/browser/siwx.test.ts); here, the options rule and the
// plugin contract: it needs the connectors plugin, and leaves nothing behind.
const withConnectors = () => [connectors({ networks: [localEvmNetwork(31337, 'http://127.0.0.1:9')], sources: [] }), siwx()]

describe('given the siwx plugin', () => {
  it('refuses a kit given both siweConfig and siwx, when it is created', () => {
    const make = () => createKit({ siweConfig: {}, siwx: {}, mountModal: false, storage: createMemoryStorage() }, withConnectors())
    expect(make).toThrowError(SiweAndSiwxConflictError)
    expect(make).toThrowError('Cannot set both `siweConfig` and `siwx` options.')
  })

  it('refuses sessions on the server when the kit has no backend URL, and accepts them with one', async () => {
    const plugins = () => [connectors({ networks: [localEvmNetwork(31337, 'http://127.0.0.1:9')], sources: [] }), siwx({ storage: 'server' })]
    const make = () => createKit({ mountModal: false, storage: createMemoryStorage() }, plugins())
    expect(make).toThrowError(SiwxServerNotConfiguredError)
    expect(make).toThrowError('Sign-in sessions on the server need `apiUrl` or `blockchainApiUrl`.')
    const kit = createKit({ blockchainApiUrl: 'http://127.0.0.1:9', mountModal: false, storage: createMemoryStorage(), analytics: false }, plugins())
    await kit.ready
    expect(kit.getState().plugins.siwx).toBe('loaded')
    await kit.dispose()
  })

  it('loads beside the connectors plugin, registers its view, and leaves no listener after dispose', async () => {
    const kit = createKit({ siwx: {}, mountModal: false, storage: createMemoryStorage() }, withConnectors())
    await kit.ready
    expect(kit.getState().plugins.siwx).toBe('loaded')
    expect(kit.getState().signedIn).toBe(false)
    const bus = kit.resolve(EventBusToken)
    await kit.dispose()
    expect(bus.listenerCount()).toBe(0)
    expect(kit.getState().plugins.siwx).toBe('pending')
  })

  it('is refused without the connectors plugin, which it requires, with an error naming both', () => {
    expect(() => createKit({ mountModal: false, storage: createMemoryStorage() }, [siwx()])).toThrowError(
      'Plugin "siwx" requires plugin "connectors", which is not registered.',
    )
  })
})
