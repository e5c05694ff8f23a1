import type { RunningBackend } from '../startBackend.js'
import { OAUTH_SOCIAL_PROVIDERS, type SocialProviderConfigs } from '../secureSite/SocialClients.js'

/**
 * The start-up log's account of what is real: in dev mode, each stand-in that runs and what it
 * gives away; outside it, that nothing is a stand-in and which logins are refused for want of
 * configuration. Shared by `npm run server` and `npm start`, so both say the same.
 *
 * @param backend - the started backend
 * @param configured - what the operator configured (`--smtp`, `--social`, `--onramp-provider`, or their keys in `--config`)
 * @returns the lines to print, in order
 * @example
 * for (const line of describeStandIns(backend, { smtp: false, socialProviders: {} })) console.log(line)
 */
export function describeStandIns(
  backend: Pick<RunningBackend, 'dev' | 'url' | 'openIdIssuer'> & Partial<Pick<RunningBackend, 'masterSecret' | 'keyModel' | 'testCheckout'>>,
  configured: { smtp: boolean; socialProviders: SocialProviderConfigs; onrampProvider?: string; farcaster?: boolean },
): string[] {
  const unconfiguredSocials = OAUTH_SOCIAL_PROVIDERS.filter((provider) => !configured.socialProviders[provider]).join(', ')
  if (!backend.dev) {
    const refused = [
      ...(configured.smtp ? [] : ['email login (no --smtp)']),
      ...(unconfiguredSocials ? [`${unconfiguredSocials} login (no --social, nor social in --config)`] : []),
      ...(configured.farcaster ? [] : ['Farcaster login (no --farcaster-relay and --farcaster-optimism-rpc, nor farcaster in --config)']),
      ...(configured.onrampProvider ? [] : ['on-ramp orders (no --onramp-provider, nor onramp in --config)']),
    ]
    return ['No dev stand-ins run (no --dev): no /dev routes, no local OpenID provider, no dev mailbox.', `Not configured, so refused: ${refused.join('; ')}.`]
  }
  return [
    'DEV MODE (--dev): these parts are stand-ins, unsafe for real users or funds:',
    ...(backend.openIdIssuer ? [`  - Local OpenID provider for ${unconfiguredSocials} (accepts any username, no password; give real ones with --social): ${backend.openIdIssuer}`] : []),
    ...(configured.smtp ? [] : [`  - Embedded mail server; every login code and link in the dev mailbox: ${backend.url}/dev/mailbox?email=<address>`]),
    ...(configured.farcaster ? [] : [`  - Farcaster relay with an ID-registry stand-in (POST ${backend.url}/dev/farcaster/register)`]),
    ...(backend.testCheckout ? [`  - On-ramp test checkout (pays from the dev account for free), on its own origin: ${backend.testCheckout.url}`] : []),
    ...(backend.masterSecret?.inDataFolder ? [`  - Master secret kept in the data folder (${backend.masterSecret.file}): it opens the server's share of every key (give --master-secret-file)`] : []),
    ...(backend.keyModel?.vaultInDataFolder
      ? [`  - Recovery vault key kept in the data folder (${backend.keyModel.recoveryVaultFile}): with the master secret, a copy of the folder opens every wallet without a passkey (give --recovery-vault-key-file)`]
      : []),
    '  - Every /dev/* route needs Authorization: Bearer <admin token>',
  ]
}
