import type { ProviderSettingsFile } from '../networks/NetworkConfig.js'
import { parseOnrampFlags } from '../onramp/providers/parseOnrampFlags.js'
import type { SignedCheckoutProviderConfig } from '../onramp/providers/signedCheckoutProvider.js'
import { parseSocialFlags } from '../secureSite/parseSocialFlags.js'
import type { OAuthSocialProvider, SocialProviderConfigs } from '../secureSite/SocialClients.js'
import type { FarcasterConfig } from '../secureSite/startSecureSite.js'

/** The provider flags as `parseArgs` gives them. */
export interface ProviderFlags {
  'public-url'?: string
  'secure-site-public-url'?: string
  'onramp-provider'?: string
  'onramp-checkout-url'?: string
  'onramp-api-key'?: string
  'farcaster-relay'?: string
  'farcaster-optimism-rpc'?: string
  bundler?: string[]
  social?: string[]
}

/** The providers `startBackend` runs with. */
export interface ProviderSettings {
  publicUrl?: string
  secureSitePublicUrl?: string
  onramp?: SignedCheckoutProviderConfig
  farcaster?: FarcasterConfig
  bundlers: Record<string, string>
  socialProviders: SocialProviderConfigs
}

/**
 * Lays the provider flags over `latch.config.json`'s provider keys (already checked by its
 * schema): a flag wins over the file, the environment (`LATCH_PUBLIC_URL`, …) sits between them,
 * and the secrets come from the environment only. A group of flags replaces the file's group
 * whole (the on-ramp, Farcaster); bundlers and social providers are merged per chain and per
 * provider, the flag's winning.
 *
 * @param file - the file's provider keys (`loadLatchConfig`'s `providers`)
 * @param source - the file's path, to name it in errors
 * @returns the settings, or an error sentence naming the flag or the file's key
 * @example
 * resolveProviderSettings(resolved.providers, values.config, values, process.env)
 */
export function resolveProviderSettings(
  file: ProviderSettingsFile,
  source: string | undefined,
  flags: ProviderFlags,
  env: Record<string, string | undefined>,
): ProviderSettings | { error: string } {
  const inFile = (key: string, error: string) => ({ error: `${source}: /${key}: ${error}` })

  const onrampFlags = { provider: flags['onramp-provider'], checkoutUrl: flags['onramp-checkout-url'], apiKey: flags['onramp-api-key'] }
  const onrampFromFlags = Object.values(onrampFlags).some((value) => value !== undefined)
  const onramp = parseOnrampFlags(onrampFromFlags ? onrampFlags : (file.onramp ?? {}), env)
  if ('error' in onramp) return onrampFromFlags ? onramp : inFile('onramp', onramp.error)

  if (Boolean(flags['farcaster-relay']) !== Boolean(flags['farcaster-optimism-rpc'])) return { error: 'Farcaster login needs both --farcaster-relay and --farcaster-optimism-rpc' }
  const farcaster = flags['farcaster-relay'] && flags['farcaster-optimism-rpc'] ? { relayUrl: flags['farcaster-relay'], optimismRpcUrl: flags['farcaster-optimism-rpc'] } : file.farcaster

  const bundlers = { ...file.bundlers }
  for (const flag of flags.bundler ?? []) {
    const match = /^(eip155:\d+)=(https?:\/\/.+)$/.exec(flag)
    if (!match) return { error: `--bundler must be <eip155:chainId>=<http(s) URL>, got ${flag}` }
    bundlers[match[1]!] = match[2]!
  }

  const entries = Object.entries(file.social ?? {})
  const byIssuer = entries.flatMap(([provider, entry]) => ('issuer' in entry ? [`${provider}=${entry.issuer},${entry.clientId}`] : []))
  const fromFile = parseSocialFlags(byIssuer, env)
  if ('error' in fromFile) return inFile('social', fromFile.error.replace(/^--social /, ''))
  for (const [provider, entry] of entries) {
    if ('issuer' in entry) continue
    const secret = env[`LATCH_SOCIAL_${provider.toUpperCase()}_SECRET`]
    if (!secret) return inFile('social', `${provider}: set LATCH_SOCIAL_${provider.toUpperCase()}_SECRET to its client secret`)
    fromFile.configs[provider as OAuthSocialProvider] = { ...entry, clientSecret: secret }
  }
  const fromFlags = parseSocialFlags(flags.social ?? [], env)
  if ('error' in fromFlags) return fromFlags

  return {
    publicUrl: flags['public-url'] ?? env.LATCH_PUBLIC_URL ?? file.publicUrl,
    secureSitePublicUrl: flags['secure-site-public-url'] ?? env.LATCH_SECURE_SITE_PUBLIC_URL ?? file.secureSitePublicUrl,
    onramp: onramp.config,
    farcaster,
    bundlers,
    socialProviders: { ...fromFile.configs, ...fromFlags.configs },
  }
}
