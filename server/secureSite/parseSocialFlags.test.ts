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
})
