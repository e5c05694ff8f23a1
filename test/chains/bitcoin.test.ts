import { getWallets } from '@wallet-standard/app'
import { describe, expect, it } from 'vitest'
import { createKernel as createKit } from '../../kernel/index.js'
import { createKit as createLatchKit } from '../../ui-shell/createKit.js'
import { bitcoinConnectors } from '../../chains/bip122/bitcoinConnectors.js'
import { BITCOIN_NETWORK } from '../../chains/networks/localNetworks.js'
import { connectors, ConnectionStoreToken } from '../../plugins/connectors/index.js'
import { verifyBitcoinMessage } from '../support/bitcoinMessage.js'
import { createMemoryStorage } from '../support/createMemoryStorage.js'
import { createTestBitcoinWallet } from '../support/wallets/createTestBitcoinWallet.js'

describe('given a Wallet Standard bitcoin wallet with a payment and an ordinals account', () => {
  it('connects the payment account only and signs a message that verifies (legacy format)', async () => {
    const privateKey = Uint8Array.from({ length: 32 }, (_, i) => i + 1)
    const test = createTestBitcoinWallet({ privateKey })
    const unregister = getWallets().register(test.wallet)
    const kit = createKit({ projectId: 'latch-dev', storage: createMemoryStorage() }, [
      connectors({ networks: [BITCOIN_NETWORK], sources: [bitcoinConnectors()] }),
    ])
    await kit.ready
    const store = kit.resolve(ConnectionStoreToken)
    const caipAddress = await store.connect('ws:Latch Test Bitcoin')
    expect(caipAddress).toBe(`${BITCOIN_NETWORK.caipNetworkId}:${test.address}`)
    expect(store.activeAccountState?.allAccounts).toEqual([expect.objectContaining({ address: test.address, type: 'payment' })])

    const signature = await store.signMessage('Sign in to Latch on Bitcoin')
    expect(verifyBitcoinMessage({ address: test.address, message: 'Sign in to Latch on Bitcoin', signatureBase64: signature })).toBe(true)
    expect(verifyBitcoinMessage({ address: test.address, message: 'another message', signatureBase64: signature })).toBe(false)

    expect(() => store.switchAccount('bip122', 'bc1p' + 'q'.repeat(58))).toThrow(expect.objectContaining({ shortMessage: 'CaipNetwork or CaipAddress is undefined' }))
    await kit.dispose()
    unregister()
  })

  it("kit.getProvider('bip122') gives the payment address and signs a message that verifies; disconnected, it refuses", async () => {
    const test = createTestBitcoinWallet({ privateKey: Uint8Array.from({ length: 32 }, (_, i) => 32 - i) })
    const unregister = getWallets().register(test.wallet)
    const kit = createLatchKit({ projectId: 'latch-dev', storage: createMemoryStorage() }, [connectors({ networks: [BITCOIN_NETWORK], sources: [bitcoinConnectors()] })])
    await kit.ready
    const provider = kit.getProvider('bip122')!
    await expect(provider.signMessage('too early')).rejects.toMatchObject({ name: 'NotConnectedError' })
    await kit.resolve(ConnectionStoreToken).connect('ws:Latch Test Bitcoin')
    expect(provider.address).toBe(test.address)
    const signature = await provider.signMessage('Signed through the kit provider')
    expect(verifyBitcoinMessage({ address: test.address, message: 'Signed through the kit provider', signatureBase64: signature })).toBe(true)
    await kit.dispose()
    unregister()
  })
})
