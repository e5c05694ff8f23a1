import { describe, expect, it } from 'vitest'
import { EventBusToken } from '../../kernel/index.js'
import { createKit } from '../../ui-shell/createKit.js'
import { ConnectMethodsToken, StyleSheetsToken } from '../../ui-shell/plugin.js'
import { localEvmNetwork } from '../../chains/networks/localNetworks.js'
import { createMemoryStorage } from '../../test/support/createMemoryStorage.js'
import { connectors } from '../connectors/index.js'
import { embeddedWallet, EmbeddedWalletToken } from '../embeddedWallet/index.js'
import { socials } from './index.js'
import { SocialLoginStoreToken, SocialProvidersToken } from './socialsTokens.js'

// The login itself runs in Chromium through the local OpenID provider (test/browser/socialLogin.test.ts);
// here, the plugin contract: what it needs, what it contributes, and nothing left after dispose.
const plugins = (features: Record<string, unknown> = {}) => ({
  options: { mountModal: false, storage: createMemoryStorage(), features: features as never },
  list: [connectors({ networks: [localEvmNetwork(31337, 'http://127.0.0.1:9')], sources: [] }), embeddedWallet({ secureSiteUrl: 'http://127.0.0.1:9' }), socials()],
})

describe('given the socials plugin beside the embedded wallet', () => {
  it("fills Connect's 'social' method and its styles, shares its store, loads no frame until used, and leaves nothing after dispose", async () => {
    const { options, list } = plugins()
    const kit = createKit(options, list)
    await kit.ready
    expect(kit.getState().plugins).toMatchObject({ embeddedWallet: 'loaded', socials: 'loaded' })
    expect(kit.resolve(ConnectMethodsToken).sorted.map((method) => method.id)).toContain('social')
    expect(kit.resolve(StyleSheetsToken).sorted.map((sheet) => sheet.id)).toContain('socials')
    expect(kit.resolve(SocialLoginStoreToken).pending).toBeUndefined()
    // SPEC §1's order, Farcaster included (it signs in through its relay, in ConnectingFarcaster).
    expect(kit.resolve(SocialProvidersToken)()).toEqual(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
    expect(kit.resolve(EmbeddedWalletToken).channel).toBeUndefined()
    expect(kit.getState().authDisplayName).toBeUndefined()
    const bus = kit.resolve(EventBusToken)
    await kit.dispose()
    expect(bus.listenerCount()).toBe(0)
    expect(kit.getState().plugins.socials).toBe('pending')
  })

  it('lists only the providers the socials flag names, in SPEC order', async () => {
    const { options, list } = plugins({ socials: ['github', 'myspace', 'google'] })
    const kit = createKit(options, list)
    await kit.ready
    expect(kit.resolve(SocialProvidersToken)()).toEqual(['google', 'github'])
    await kit.dispose()
  })

  it('is skipped with its feature off, while the embedded wallet stays for other logins', async () => {
    const { options, list } = plugins({ socials: false })
    const kit = createKit(options, list)
    await kit.ready
    expect(kit.getState().plugins).toMatchObject({ embeddedWallet: 'loaded', socials: 'skipped' })
    expect(kit.resolve(ConnectMethodsToken).sorted.map((method) => method.id)).not.toContain('social')
    await kit.dispose()
  })

  it('is refused without the embedded wallet plugin, naming it', () => {
    const make = () => createKit({ mountModal: false, storage: createMemoryStorage() }, [connectors({ networks: [], sources: [] }), socials()])
    expect(make).toThrowError('Plugin "socials" requires plugin "embeddedWallet", which is not registered.')
  })
})
