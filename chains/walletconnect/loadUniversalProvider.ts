import type UniversalProvider from '@walletconnect/universal-provider'
import type { WalletConnectOptions } from './WalletConnectOptions.js'

/**
 * Loads and starts @walletconnect/universal-provider: only when a visitor picks WalletConnect.
 * Hosted services are kept out: telemetry off, and the Verify service (which waits 5 s for an
 * unreachable iframe on every connect and request) answered locally with "no attestation".
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
  // No option turns Verify off. register() opens the hosted iframe (a 5 s wait when it is
  // unreachable); resolve() fetches attestations of incoming requests from the hosted API.
  provider.client.core.verify.register = async () => ''
  provider.client.core.verify.resolve = async () => undefined as never
  return provider
}
