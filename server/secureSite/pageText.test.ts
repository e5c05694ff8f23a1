import { describe, expect, it } from 'vitest'
import { pageLocale, pageText } from './pageText.js'

describe('pageLocale', () => {
  it('takes the locale the link names, read as a shipped one', () => {
    expect(pageLocale('pt', 'de')).toBe('pt-BR')
    expect(pageLocale('ar-EG', undefined)).toBe('ar')
    expect(pageLocale('en-XA', 'de')).toBe('en-XA')
  })

  it('else the browser’s first shipped language, by weight', () => {
    expect(pageLocale(undefined, 'xx;q=1, ja;q=0.5, de;q=0.8')).toBe('de')
    expect(pageLocale('tlh', 'fr-CA,fr;q=0.9')).toBe('fr')
  })

  it('else English', () => {
    expect(pageLocale(undefined, undefined)).toBe('en')
    expect(pageLocale('x'.repeat(40), '*')).toBe('en')
  })
})

describe('pageText', () => {
  it('answers the catalogue’s words in the locale, escaped, English where a locale has none', async () => {
    const german = await pageText('de')
    expect([german.locale, german.dir, german.t('device.title')]).toEqual(['de', 'ltr', 'Dieses Gerät zulassen?'])
    expect((await pageText('he')).dir).toBe('rtl')
    expect((await pageText('en-XA')).t('device.approve')).toMatch(/^\[Åþþŕöṽé~*\]$/)
    expect((await pageText('en')).t('device.approvedText')).toBe('You can go back to the app: a login code is on its way to your email.')
  })
})
