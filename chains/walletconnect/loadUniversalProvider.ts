import type UniversalProvider from '@walletconnect/universal-provider'
import type { WalletConnectOptions } from './WalletConnectOptions.js'

/**
 * What the WalletConnect clients are started with: the named relay and project id, telemetry off,
 * and whether Verify is answered locally (the default: on the project's relay there is no Verify
 * host) or left to the public network's Verify API (`verify: true`).
 */
export function universalProviderSettings(options: WalletConnectOptions) {
  return {
    shared: { projectId: options.projectId, relayUrl: options.relayUrl, logger: 'silent', telemetryEnabled: false, customStoragePrefix: options.storagePrefix ?? 'latch' } as const,
    localVerify: options.verify !== true,
  }
}

/**
 * Loads and starts @walletconnect/universal-provider: only when a visitor picks WalletConnect.
 * Hosted services are kept out unless asked for: telemetry off, and the Verify service (which
 * waits 5 s for an unreachable iframe on every connect and request, and fetches attestations from
 * its own host) answered locally with "no attestation" unless `verify` is on.
 */
export async function loadUniversalProvider(options: WalletConnectOptions): Promise<UniversalProvider> {
  const [{ Core }, { SignClient }, { UniversalProvider }] = await Promise.all([
    import('@walletconnect/core'),
    import('@walletconnect/sign-client'),
    import('@walletconnect/universal-provider'),
  ])
  const { shared, localVerify } = universalProviderSettings(options)
  // No option turns Verify off, and the client starts using it during its own init (a session
  // restored after a reload has its messages resolved right away). So the core is built here,
  // its Verify answered locally, and only then does anything start: patching after
  // UniversalProvider.init left a window in which one attestation fetch went to the hosted API.
  const core = new Core(shared)
  if (localVerify) {
    core.verify.register = async () => ''
    core.verify.resolve = async () => undefined as never
  }
  const client = await SignClient.init({ ...shared, core, metadata: options.metadata })
  return UniversalProvider.init({
    ...shared,
    client,
    metadata: options.metadata,
    // The ping of a restored session would wait on a relay round trip at start-up.
    disableProviderPing: true,
  })
}
