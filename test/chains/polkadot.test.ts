// @vitest-environment happy-dom
// extension-dapp reads `window` and `document` when it loads: a DOM environment stands in for the page.
import { signatureVerify } from '@polkadot/util-crypto'
import { u8aWrapBytes, stringToU8a } from '@polkadot/util'
import { describe, expect, it } from 'vitest'
import { createKernel as createKit } from '../../kernel/index.js'
import { createKit as createLatchKit } from '../../ui-shell/createKit.js'
import { POLKADOT_NETWORK } from '../../chains/networks/localNetworks.js'
import { polkadotConnectors } from '../../chains/polkadot/polkadotConnectors.js'
import { connectors, ConnectionStoreToken } from '../../plugins/connectors/index.js'
import { createMemoryStorage } from '../support/createMemoryStorage.js'
import { injectTestPolkadotExtension } from '../support/wallets/injectTestPolkadotExtension.js'

describe('given an injected Polkadot extension backed by @polkadot/keyring', () => {
  it('enables it, lists its account, and signs a raw payload that verifies', async () => {
    const extension = await injectTestPolkadotExtension()
    const kit = createKit({ projectId: 'latch-dev', storage: createMemoryStorage() }, [
      connectors({ networks: [POLKADOT_NETWORK], sources: [polkadotConnectors({ appName: 'Latch test' })] }),
    ])
    await kit.ready
    const store = kit.resolve(ConnectionStoreToken)
    const caipAddress = await store.connect(`polkadot:${extension.name}`)
    expect(caipAddress).toBe(`${POLKADOT_NETWORK.caipNetworkId}:${extension.address}`)
    const signature = await store.signMessage('Sign in to Latch on Polkadot')
    const verified = signatureVerify(u8aWrapBytes(stringToU8a('Sign in to Latch on Polkadot')), signature, extension.address)
    expect(verified.isValid).toBe(true)
    expect(verified.crypto).toBe('sr25519')
    await expect(store.sendTransaction({ to: extension.address, amount: 1n })).rejects.toMatchObject({ shortMessage: 'Unsupported chain' })
    await kit.dispose()
    extension.remove()
  })

  it('maps an extension that refuses to "Connection rejected"', async () => {
    const extension = await injectTestPolkadotExtension({ name: 'refusing', approve: () => false })
    const kit = createKit({ projectId: 'latch-dev', storage: createMemoryStorage() }, [
      connectors({ networks: [POLKADOT_NETWORK], sources: [polkadotConnectors({ appName: 'Latch test' })] }),
    ])
    await kit.ready
    await expect(kit.resolve(ConnectionStoreToken).connect('polkadot:refusing')).rejects.toMatchObject({ shortMessage: 'Connection rejected' })
    expect(kit.getState().status).toBe('disconnected')
    await kit.dispose()
    extension.remove()
  })

  it("kit.getProvider('polkadot') signs a message and hands @polkadot/api the extension's signer", async () => {
    const extension = await injectTestPolkadotExtension()
    const kit = createLatchKit({ projectId: 'latch-dev', storage: createMemoryStorage() }, [
      connectors({ networks: [POLKADOT_NETWORK], sources: [polkadotConnectors({ appName: 'Latch test' })] }),
    ])
    await kit.ready
    const provider = kit.getProvider('polkadot')!
    await expect(provider.getSigner()).rejects.toMatchObject({ name: 'NotConnectedError' })
    await kit.resolve(ConnectionStoreToken).connect(`polkadot:${extension.name}`)
    expect(provider.address).toBe(extension.address)
    const message = 'Signed through the kit provider'
    expect(signatureVerify(u8aWrapBytes(stringToU8a(message)), await provider.signMessage(message), extension.address).isValid).toBe(true)
    // The signer @polkadot/api calls for extrinsics: here its raw signing, checked the same way.
    const signer = await provider.getSigner()
    const { signature } = await signer.signRaw!({ address: extension.address, data: '0x6869', type: 'bytes' })
    expect(signatureVerify(u8aWrapBytes('0x6869'), signature, extension.address).isValid).toBe(true)
    await kit.dispose()
    extension.remove()
  })
})
