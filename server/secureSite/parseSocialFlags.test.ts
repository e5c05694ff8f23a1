import { describe, expect, it } from 'vitest'
import { parseSocialFlags } from './parseSocialFlags.js'

describe('parseSocialFlags', () => {
  it('reads issuer and client id from the flag and the secret from the environment', () => {
    expect(parseSocialFlags(['google=https://accounts.google.com,abc.apps'], { LATCH_SOCIAL_GOOGLE_SECRET: 's3' })).toEqual({
      configs: { google: { issuer: 'https://accounts.google.com', clientId: 'abc.apps', clientSecret: 's3' } },
    })
    expect(parseSocialFlags([], {})).toEqual({ configs: {} })
  })

  it('names what is wrong: shape, provider, issuer, missing secret', () => {
    expect(parseSocialFlags(['google'], {})).toEqual({ error: expect.stringContaining('<provider>=<issuer>,<clientId>') })
    expect(parseSocialFlags(['myspace=https://a.example,id'], {})).toEqual({ error: expect.stringContaining('unknown provider myspace') })
    expect(parseSocialFlags(['x=javascript:alert(1),id'], { LATCH_SOCIAL_X_SECRET: 's' })).toEqual({ error: expect.stringContaining('http(s) URL') })
    expect(parseSocialFlags(['discord=https://discord.example,id'], {})).toEqual({ error: expect.stringContaining('LATCH_SOCIAL_DISCORD_SECRET') })
  })

  it('takes a plain OAuth 2.0 provider by its published endpoints, and Apple by form post (issue 29)', () => {
    expect(parseSocialFlags(['github=oauth2,Iv1.abc'], { LATCH_SOCIAL_GITHUB_SECRET: 'gs' })).toEqual({
      configs: {
        github: {
          authorizationEndpoint: 'https://github.com/login/oauth/authorize',
          tokenEndpoint: 'https://github.com/login/oauth/access_token',
          userinfoEndpoint: 'https://api.github.com/user',
          emailsEndpoint: 'https://api.github.com/user/emails',
          scope: 'read:user user:email',
          clientId: 'Iv1.abc',
          clientSecret: 'gs',
        },
      },
    })
    expect(parseSocialFlags(['apple=https://appleid.apple.com,com.example.web'], { LATCH_SOCIAL_APPLE_SECRET: 'jwt' })).toEqual({
      configs: { apple: { issuer: 'https://appleid.apple.com', clientId: 'com.example.web', clientSecret: 'jwt', responseMode: 'form_post' } },
    })
    expect(parseSocialFlags(['google=oauth2,id'], { LATCH_SOCIAL_GOOGLE_SECRET: 's' })).toEqual({ error: expect.stringContaining('an OpenID provider') })
    expect(parseSocialFlags(['discord=oauth2,id'], {})).toEqual({ error: expect.stringContaining('LATCH_SOCIAL_DISCORD_SECRET') })
  })
})
