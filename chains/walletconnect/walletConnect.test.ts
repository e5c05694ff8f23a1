import { describe, expect, it, vi } from 'vitest'
import { createWalletConnectConnector } from './walletConnect.js'

const OPTIONS = { projectId: 'latch-dev', relayUrl: 'ws://127.0.0.1:9/relay', metadata: { name: 'Test', description: '', url: 'http://127.0.0.1', icons: [] } }

// Issue 32: the pairing store is made on first use, not when the host builds its connectors.
describe('given a WalletConnect connector whose pairing store was never used', () => {
  it('refuses to make the store before its code was loaded, which the connectors plugin waits for', async () => {
    const connector = createWalletConnectConnector(OPTIONS)
    expect(() => connector.pairing).toThrow('The WalletConnect pairing store was read before loadPairingStore() resolved')
    await connector.loadPairingStore()
    expect(connector.pairing.status).toBe('idle')
  })

  it('tells who waits for the store once, when something first reads it', async () => {
    const connector = createWalletConnectConnector(OPTIONS)
    await connector.loadPairingStore()
    const listener = vi.fn()
    connector.onPairingMade(listener)
    expect(listener).not.toHaveBeenCalled()
    const pairing = connector.pairing
    expect(listener).toHaveBeenCalledExactlyOnceWith(pairing)
    void connector.pairing
    expect(listener).toHaveBeenCalledOnce()
  })

  it('does not tell a listener removed before the store is made', async () => {
    const connector = createWalletConnectConnector(OPTIONS)
    await connector.loadPairingStore()
    const listener = vi.fn()
    connector.onPairingMade(listener)()
    void connector.pairing
    expect(listener).not.toHaveBeenCalled()
  })
})

describe('given a WalletConnect connector whose pairing store exists', () => {
  it('hands the store to a new listener at once', async () => {
    const connector = createWalletConnectConnector(OPTIONS)
    await connector.loadPairingStore()
    const pairing = connector.pairing
    const listener = vi.fn()
    connector.onPairingMade(listener)
    expect(listener).toHaveBeenCalledExactlyOnceWith(pairing)
  })
})
