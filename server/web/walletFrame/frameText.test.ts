import { describe, expect, it } from 'vitest'
import { frameLocale, t } from './frameText.js'
import { frameLocaleMessages } from '../../secureSite/frameLocales.js'

describe("the secure site's words", () => {
  it('takes only a shipped locale (or the one it reads, or the pseudo-locale) from a page, English otherwise', () => {
    expect(frameLocale('ar')).toBe('ar')
    expect(frameLocale('ar-EG')).toBe('ar')
    expect(frameLocale('pt')).toBe('pt-BR')
    expect(frameLocale('zh-Hant-HK')).toBe('zh-TW')
    expect(frameLocale('en-XA')).toBe('en-XA')
    for (const asked of [null, '', 'sw', '../../package', 'ar/../../x', 'x'.repeat(100)]) expect(frameLocale(asked)).toBe('en')
  })

  it('is English until a locale is chosen, ICU plurals and arguments filled', () => {
    expect(t('title.signMessage')).toBe('Sign a message')
    expect(t('title.sendCalls', { count: 1 })).toBe('Send 1 call')
    expect(t('title.sendCalls', { count: 3 })).toBe('Send 3 calls')
    expect(t('card.asks', { name: 'Shop' })).toBe('Shop asks you to approve this request.')
  })

  it('serves a shipped locale compiled, English (the server renders its pages with it) and the pseudo-locale made from English, and nothing for another name', async () => {
    const arabic = JSON.parse((await frameLocaleMessages('ar'))!) as Record<string, unknown>
    expect(arabic['card.approve']).toBe('موافقة')
    expect(Array.isArray(arabic['title.sendCalls'])).toBe(true)
    const pseudo = JSON.parse((await frameLocaleMessages('en-XA'))!) as Record<string, unknown>
    expect(pseudo['card.approve']).toMatch(/^\[Åþþŕöṽé~+\]$/)
    const english = JSON.parse((await frameLocaleMessages('en'))!) as Record<string, unknown>
    expect(english['card.approve']).toBe('Approve')
    for (const name of ['sw', '../locales/en', 'ar.json', 'EN']) expect(frameLocaleMessages(name)).toBeUndefined()
  })
})
