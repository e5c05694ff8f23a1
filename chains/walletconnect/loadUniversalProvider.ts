import type UniversalProvider from '@walletconnect/universal-provider'
import type { WalletConnectOptions } from './WalletConnectOptions.js'

/**
 * Loads and starts @walletconnect/universal-provider: only when a visitor picks WalletConnect.
 * Hosted services are kept out: telemetry off, and the Verify service (which waits 5 s for an
 * unreachable iframe on every connect and request, and fetches attestations from its own host)
 * answered locally with "no attestation".
 */
export async function loadUniversalProvider(options: WalletConnectOptions): Promise<UniversalProvider> {
  const [{ Core }, { SignClient }, { UniversalProvider }] = await Promise.all([
    import('@walletconnect/core'),
    import('@walletconnect/sign-client'),
    import('@walletconnect/universal-provider'),
  ])
  const shared = {
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    logger: 'silent',
    telemetryEnabled: false,
    customStoragePrefix: options.storagePrefix ?? 'latch',
  } as const
  // No option turns Verify off, and the client starts using it during its own init (a session
  // restored after a reload has its messages resolved right away). So the core is built here,
  // its Verify answered locally, and only then does anything start: patching after
  // UniversalProvider.init left a window in which one attestation fetch went to the hosted API.
  const core = new Core(shared)
  core.verify.register = async () => ''
  core.verify.resolve = async () => undefined as never
  const client = await SignClient.init({ ...shared, core, metadata: options.metadata })
  return UniversalProvider.init({
    ...shared,
    client,
    metadata: options.metadata,
    // The ping of a restored session would wait on a relay round trip at start-up.
    disableProviderPing: true,
  })
}
