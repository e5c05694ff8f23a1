import type UniversalProvider from '@walletconnect/universal-provider'
import type { WalletConnectOptions } from './WalletConnectOptions.js'

/**
 * Loads and starts @walletconnect/universal-provider: only when a visitor picks WalletConnect.
 * Hosted services are kept out: telemetry off, and the Verify service's attestation (which
 * waits 5 s for an unreachable iframe on every connect and request) replaced by "none".
 */
export async function loadUniversalProvider(options: WalletConnectOptions): Promise<UniversalProvider> {
  const { UniversalProvider } = await import('@walletconnect/universal-provider')
  const provider = await UniversalProvider.init({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    metadata: options.metadata,
    logger: 'silent',
    telemetryEnabled: false,
    customStoragePrefix: options.storagePrefix ?? 'latch',
    // The ping of a restored session would wait on a relay round trip at start-up.
    disableProviderPing: true,
  })
  // No option turns Verify off; its register() is the only caller of the hosted iframe.
  provider.client.core.verify.register = async () => ''
  return provider
}
