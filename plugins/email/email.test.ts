import { describe, expect, it } from 'vitest'
import { EventBusToken, ViewRegistryToken } from '../../kernel/index.js'
import { createKit } from '../../ui-shell/createKit.js'
import { localEvmNetwork } from '../../chains/networks/localNetworks.js'
import { createMemoryStorage } from '../../test/support/createMemoryStorage.js'
import { connectors, ConnectorRegistryToken } from '../connectors/index.js'
import { AUTH_CONNECTOR_ID, embeddedWallet } from '../embeddedWallet/index.js'
import { email } from './index.js'
import { EmailLoginStoreToken } from './emailTokens.js'

// The login itself runs in Chromium against the secure site (test/browser/emailLogin.test.ts);
// here, the plugin contract: what it needs, what it registers, and nothing left after dispose.
const plugins = (features: Record<string, boolean> = {}) => ({
  options: { mountModal: false, storage: createMemoryStorage(), features },
  list: [
    connectors({ networks: [localEvmNetwork(31337, 'http://127.0.0.1:9')], sources: [] }),
    embeddedWallet({ secureSiteUrl: 'http://127.0.0.1:9' }),
    email(),
  ],
})

describe('given the email plugin beside the embedded wallet', () => {
  it('registers EmailLogin, ApproveTransaction and the AUTH connector, loads no frame in Node, and leaves nothing after dispose', async () => {
    const { options, list } = plugins()
    const kit = createKit(options, list)
    await kit.ready
    expect(kit.getState().plugins).toMatchObject({ embeddedWallet: 'loaded', email: 'loaded' })
    const views = kit.resolve(ViewRegistryToken)
    expect(views.has('EmailLogin') && views.has('ApproveTransaction')).toBe(true)
    expect(kit.resolve(ConnectorRegistryToken).get(AUTH_CONNECTOR_ID, 'eip155')?.type).toBe('AUTH')
    const bus = kit.resolve(EventBusToken)
    await kit.dispose()
    expect(bus.listenerCount()).toBe(0)
    expect(kit.getState().plugins.email).toBe('pending')
  })

  it('is skipped with its feature off, while the embedded wallet stays for other logins', async () => {
    const { options, list } = plugins({ email: false })
    const kit = createKit(options, list)
    await kit.ready
    expect(kit.getState().plugins).toMatchObject({ embeddedWallet: 'loaded', email: 'skipped' })
    expect(kit.resolve(ViewRegistryToken).has('EmailLogin')).toBe(false)
    await kit.dispose()
  })

  it("pre-fills the field with the last email while that login stands, keeps the resend wait, and reads corrupt keys as nothing saved", async () => {
    const storage = createMemoryStorage()
    const make = () => createKit({ mountModal: false, storage, features: {} }, plugins().list)
    const sentAt = Date.now()
    storage.setItem('@latch/email', JSON.stringify('back@latch.test'))
    storage.setItem('@latch/emailLoginUsed', 'true')
    storage.setItem('@latch/lastEmailLoginTime', String(sentAt))
    let kit = make()
    await kit.ready
    const login = kit.resolve(EmailLoginStoreToken)
    expect(login.email).toBe('back@latch.test')
    // The code was sent just now on this device: a second one waits, even after the reload.
    await login.submitEmail()
    expect(login.error).toMatchObject({ key: 'email.resendWait' })
    await kit.dispose()

    // After a disconnect (the flag gone) the field starts empty; the stored email alone shows nothing.
    storage.removeItem('@latch/emailLoginUsed')
    kit = make()
    await kit.ready
    expect(kit.resolve(EmailLoginStoreToken).email).toBe('')
    await kit.dispose()

    // Corrupt values: dropped, never thrown.
    for (const [key, text] of [['emailLoginUsed', 'true'], ['email', '{"not":"an email"}'], ['lastEmailLoginTime', '{broken']] as const) storage.setItem(`@latch/${key}`, text)
    kit = make()
    await kit.ready
    expect(kit.resolve(EmailLoginStoreToken).email).toBe('')
    expect([...storage.entries.keys()].filter((key) => ['@latch/email', '@latch/lastEmailLoginTime'].includes(key))).toEqual([])
    await kit.dispose()
    storage.setItem('@latch/emailLoginUsed', '"yes"')
    kit = make()
    await kit.ready
    expect(kit.resolve(EmailLoginStoreToken).email).toBe('')
    expect(storage.getItem('@latch/emailLoginUsed')).toBeNull()
    await kit.dispose()
  })

  it('is refused without the embedded wallet plugin, naming it', () => {
    const make = () => createKit({ mountModal: false, storage: createMemoryStorage() }, [connectors({ networks: [], sources: [] }), email()])
    expect(make).toThrowError('Plugin "email" requires plugin "embeddedWallet", which is not registered.')
  })
})
