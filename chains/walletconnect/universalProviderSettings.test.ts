import { describe, expect, it } from 'vitest'
import { universalProviderSettings } from './loadUniversalProvider.js'
import { PUBLIC_WALLETCONNECT_RELAY } from './WalletConnectOptions.js'

const metadata = { name: 'Shop', url: 'https://shop.example', description: '', icons: [] }

describe('the switch between the project relay and the public WalletConnect network', () => {
  it("on the project's relay: its URL and project id, Verify answered locally, no telemetry", () => {
    expect(universalProviderSettings({ projectId: 'latch-dev', relayUrl: 'wss://api.example.com/relay', metadata })).toEqual({
      shared: { projectId: 'latch-dev', relayUrl: 'wss://api.example.com/relay', logger: 'silent', telemetryEnabled: false, customStoragePrefix: 'latch' },
      localVerify: true,
    })
  })

  it('on the public network: its relay and a WalletConnect Cloud project id, with the Verify API when asked', () => {
    const cloudId = '0123456789abcdef0123456789abcdef'
    const settings = universalProviderSettings({ projectId: cloudId, relayUrl: PUBLIC_WALLETCONNECT_RELAY, metadata, verify: true })
    expect(settings.shared).toMatchObject({ projectId: cloudId, relayUrl: 'wss://relay.walletconnect.org', telemetryEnabled: false })
    expect(settings.localVerify).toBe(false)
    // Without `verify` the public relay still gets no Verify call.
    expect(universalProviderSettings({ projectId: cloudId, relayUrl: PUBLIC_WALLETCONNECT_RELAY, metadata }).localVerify).toBe(true)
  })
})
