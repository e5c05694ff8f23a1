import { describe, expect, it } from 'vitest'
import { OAUTH2_PRESETS } from '../secureSite/oauth2Presets.js'
import { resolveProviderSettings } from './resolveProviderSettings.js'

const SOURCE = '/etc/latch/latch.config.json'
const ONRAMP_ENV = { LATCH_ONRAMP_SECRET_KEY: 'sk', LATCH_ONRAMP_WEBHOOK_SECRET: 'whsec' }
const FILE = {
  publicUrl: 'https://api.example.com',
  secureSitePublicUrl: 'https://wallet.example.com',
  onramp: { provider: 'moonpay', checkoutUrl: 'https://buy.moonpay.com', apiKey: 'pk_file' },
  farcaster: { relayUrl: 'https://relay.farcaster.xyz', optimismRpcUrl: 'https://mainnet.optimism.io' },
  bundlers: { 'eip155:10': 'https://file.example/optimism', 'eip155:8453': 'https://file.example/base' },
  social: { github: { issuer: 'oauth2', clientId: 'file-client' } },
}

describe('resolveProviderSettings', () => {
  it('takes the file alone, the secrets from the environment', () => {
    expect(resolveProviderSettings(FILE, SOURCE, {}, { ...ONRAMP_ENV, LATCH_SOCIAL_GITHUB_SECRET: 'gh-secret' })).toEqual({
      publicUrl: 'https://api.example.com',
      secureSitePublicUrl: 'https://wallet.example.com',
      onramp: { id: 'moonpay', checkoutUrl: 'https://buy.moonpay.com', apiKey: 'pk_file', secretKey: 'sk', webhookSecret: 'whsec' },
      farcaster: FILE.farcaster,
      bundlers: FILE.bundlers,
      socialProviders: { github: { ...OAUTH2_PRESETS.github, clientId: 'file-client', clientSecret: 'gh-secret' } },
    })
  })

  it('takes a plain OAuth 2.0 provider by its endpoints (no discovery), its secret from the environment', () => {
    const endpoints = { clientId: 'Iv1.ghe', authorizationEndpoint: 'https://ghe.example/login/oauth/authorize', tokenEndpoint: 'https://ghe.example/login/oauth/access_token', userinfoEndpoint: 'https://ghe.example/api/v3/user', scope: 'read:user' }
    expect(resolveProviderSettings({ social: { github: endpoints } }, SOURCE, {}, { LATCH_SOCIAL_GITHUB_SECRET: 'gh-secret' })).toMatchObject({ socialProviders: { github: { ...endpoints, clientSecret: 'gh-secret' } } })
    expect(resolveProviderSettings({ social: { github: endpoints } }, SOURCE, {}, {})).toEqual({ error: `${SOURCE}: /social: github: set LATCH_SOCIAL_GITHUB_SECRET to its client secret` })
  })

  it('lets the flags win: the environment between them, groups replaced whole, bundlers and socials per key', () => {
    const resolved = resolveProviderSettings(
      FILE,
      SOURCE,
      {
        'public-url': 'https://flag.example.com',
        'onramp-provider': 'transak',
        'onramp-checkout-url': 'https://global.transak.com',
        'onramp-api-key': 'pk_flag',
        'farcaster-relay': 'https://relay.flag.example',
        'farcaster-optimism-rpc': 'https://op.flag.example',
        bundler: ['eip155:10=https://flag.example/optimism'],
        social: ['google=https://accounts.google.com,flag-client'],
      },
      { ...ONRAMP_ENV, LATCH_SOCIAL_GITHUB_SECRET: 'gh', LATCH_SOCIAL_GOOGLE_SECRET: 'gg', LATCH_SECURE_SITE_PUBLIC_URL: 'https://wallet.env.example' },
    )
    expect(resolved).toMatchObject({
      publicUrl: 'https://flag.example.com',
      secureSitePublicUrl: 'https://wallet.env.example',
      onramp: { id: 'transak', checkoutUrl: 'https://global.transak.com', apiKey: 'pk_flag' },
      farcaster: { relayUrl: 'https://relay.flag.example', optimismRpcUrl: 'https://op.flag.example' },
      bundlers: { 'eip155:10': 'https://flag.example/optimism', 'eip155:8453': 'https://file.example/base' },
      socialProviders: { github: { clientId: 'file-client' }, google: { issuer: 'https://accounts.google.com', clientId: 'flag-client', clientSecret: 'gg' } },
    })
  })

  it('is the dev defaults with neither file nor flags', () => {
    expect(resolveProviderSettings({}, undefined, {}, {})).toEqual({ bundlers: {}, socialProviders: {} })
  })

  it("refuses a file's provider whose secret is missing from the environment, naming the file and the key", () => {
    expect(resolveProviderSettings({ onramp: FILE.onramp }, SOURCE, {}, {})).toEqual({ error: `${SOURCE}: /onramp: An on-ramp provider needs LATCH_ONRAMP_SECRET_KEY, LATCH_ONRAMP_WEBHOOK_SECRET` })
    expect(resolveProviderSettings({ social: FILE.social }, SOURCE, {}, {})).toEqual({ error: `${SOURCE}: /social: github: set LATCH_SOCIAL_GITHUB_SECRET to its client secret` })
  })

  it('refuses bad flags as before, whatever the file says', () => {
    expect(resolveProviderSettings(FILE, SOURCE, { 'onramp-provider': 'moonpay' }, ONRAMP_ENV)).toEqual({ error: 'An on-ramp provider needs --onramp-checkout-url, --onramp-api-key' })
    expect(resolveProviderSettings(FILE, SOURCE, { 'farcaster-relay': 'https://relay.example' }, ONRAMP_ENV)).toEqual({ error: 'Farcaster login needs both --farcaster-relay and --farcaster-optimism-rpc' })
    expect(resolveProviderSettings({}, undefined, { bundler: ['eip155:10=ftp://x'] }, {})).toEqual({ error: '--bundler must be <eip155:chainId>=<http(s) URL>, got eip155:10=ftp://x' })
  })
})
