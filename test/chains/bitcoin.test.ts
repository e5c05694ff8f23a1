import { getWallets } from '@wallet-standard/app'
import { describe, expect, it } from 'vitest'
import { createKernel as createKit } from '../../kernel/index.js'
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
})
