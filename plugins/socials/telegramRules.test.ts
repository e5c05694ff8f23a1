import { describe, expect, it } from 'vitest'
import { applyTelegramRules } from './telegramRules.js'
import { SOCIAL_PROVIDERS } from './socialProviders.js'

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
