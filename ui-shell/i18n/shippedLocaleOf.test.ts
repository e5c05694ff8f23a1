import { describe, expect, it } from 'vitest'
import { shippedLocaleOf } from './shippedLocaleOf.js'

describe('shippedLocaleOf', () => {
  it('30: names the catalogue a locale reads: English, a shipped locale, the pseudo-locale', () => {
    expect(['en', 'en-US', 'de', 'fr-CA', 'pt', 'ar-EG', 'zh-Hant-HK', 'zh', 'en-XA'].map(shippedLocaleOf)).toEqual(['en', 'en', 'de', 'fr', 'pt-BR', 'ar', 'zh-TW', 'zh-CN', 'en-XA'])
  })

  it('30: undefined for anything else: unknown names, paths, markup, prototype names, long strings', () => {
    for (const asked of ['', 'tlh', 'sw', '../../x', 'de/../../x', '<script>', '__proto__', 'constructor', 'de\r\nSet-Cookie: a=1', `de-${'x'.repeat(40)}`]) expect(shippedLocaleOf(asked)).toBeUndefined()
  })
})
