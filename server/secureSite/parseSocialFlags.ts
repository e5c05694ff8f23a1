import { isOAuthSocialProvider, type SocialProviderConfigs } from './SocialClients.js'
import { OAUTH2_PRESETS } from './oauth2Presets.js'

/**
 * Reads `--social <provider>=<issuer>,<clientId>` flags (repeatable), each provider's secret from
 * `LATCH_SOCIAL_<PROVIDER>_SECRET` (a secret on a command line shows in every process list).
 * `--social <provider>=oauth2,<clientId>` takes a plain OAuth 2.0 provider's published endpoints
 * (GitHub, X, Discord, Facebook: `OAUTH2_PRESETS`); Apple answers by form post.
 *
 * @param flags - the flag values, e.g. `['google=https://accounts.google.com,1234.apps.googleusercontent.com']`
 * @param env - where the secrets are; `process.env` by default
 * @returns the configs, or an error sentence for the first bad flag
 */
export function parseSocialFlags(flags: readonly string[], env: Record<string, string | undefined> = process.env): { configs: SocialProviderConfigs } | { error: string } {
  const configs: SocialProviderConfigs = {}
  for (const flag of flags) {
    const match = /^([a-z]+)=([^,]+),(.+)$/.exec(flag.trim())
    if (!match) return { error: `--social must be <provider>=<issuer>,<clientId>, got ${flag}` }
    const [, provider, issuer, clientId] = match as unknown as [string, string, string, string]
    if (!isOAuthSocialProvider(provider)) return { error: `--social: unknown provider ${provider} (google, x, discord, github, apple, facebook)` }
    const secretOf = () => env[`LATCH_SOCIAL_${provider.toUpperCase()}_SECRET`]
    if (issuer === 'oauth2') {
      const preset = OAUTH2_PRESETS[provider]
      if (!preset) return { error: `--social ${provider}: an OpenID provider; give its issuer, not oauth2` }
      if (!secretOf()) return { error: `--social ${provider}: set LATCH_SOCIAL_${provider.toUpperCase()}_SECRET to its client secret` }
      configs[provider] = { ...preset, clientId, clientSecret: secretOf()! }
      continue
    }
    if (!URL.canParse(issuer) || !/^https?:$/.test(new URL(issuer).protocol)) return { error: `--social ${provider}: the issuer must be an http(s) URL` }
    const secret = env[`LATCH_SOCIAL_${provider.toUpperCase()}_SECRET`]
    if (!secret) return { error: `--social ${provider}: set LATCH_SOCIAL_${provider.toUpperCase()}_SECRET to its client secret` }
    configs[provider] = { issuer, clientId, clientSecret: secret, ...(provider === 'apple' ? { responseMode: 'form_post' as const } : {}) }
  }
  return { configs }
}
