import { describe, expect, it } from 'vitest'
import { socialDisplayName } from './socialDisplayName.js'
import { applyTelegramRules } from './telegramRules.js'
import { SOCIAL_PROVIDERS } from './socialProviders.js'

describe('socialDisplayName (SPEC §5)', () => {
  it('is the user name, a discord one without its trailing 0, else the email', () => {
    expect(socialDisplayName({ userName: 'visitor0', socialProvider: 'discord' })).toBe('visitor')
    expect(socialDisplayName({ userName: 'visitor0', socialProvider: 'github' })).toBe('visitor0')
    expect(socialDisplayName({ email: 'a@b.co', socialProvider: 'google' })).toBe('a@b.co')
    expect(socialDisplayName({ userName: 'name', email: 'a@b.co' })).toBe('name')
    expect(socialDisplayName({})).toBeUndefined()
    expect(socialDisplayName(undefined)).toBeUndefined()
  })

  it('cuts above 30 characters with an ellipsis, keeps exactly 30', () => {
    expect(socialDisplayName({ userName: 'x'.repeat(30) })).toBe('x'.repeat(30))
    expect(socialDisplayName({ userName: 'abcdefghijklmnopqrstuvwxyz0123456789' })).toBe('abcdefghijklmnopqrstuvwxyz0123…')
    expect(socialDisplayName({ email: `${'m'.repeat(40)}@example.com` })).toBe(`${'m'.repeat(30)}…`)
  })
})

describe('applyTelegramRules (SPEC §6)', () => {
  const tg = (platform: string, userAgent = '') => ({ Telegram: { WebApp: { platform } }, navigator: { userAgent } })
  it('outside Telegram keeps every provider', () => {
    expect(applyTelegramRules(SOCIAL_PROVIDERS, { navigator: { userAgent: 'iPhone Safari/1' } })).toEqual(SOCIAL_PROVIDERS)
  })
  it('drops google on iOS, x on Mac, facebook and x on Android', () => {
    expect(applyTelegramRules(SOCIAL_PROVIDERS, tg('ios'))).toEqual(['x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
    expect(applyTelegramRules(SOCIAL_PROVIDERS, tg('macos'))).toEqual(['google', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
    expect(applyTelegramRules(SOCIAL_PROVIDERS, tg('android'))).toEqual(['google', 'discord', 'farcaster', 'github', 'apple'])
    expect(applyTelegramRules(SOCIAL_PROVIDERS, tg('tdesktop'))).toEqual(SOCIAL_PROVIDERS)
    expect(applyTelegramRules(SOCIAL_PROVIDERS, tg('', 'Mozilla/5.0 (Linux; Android 14)'))).toEqual(['google', 'discord', 'farcaster', 'github', 'apple'])
  })
})
