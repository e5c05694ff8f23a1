import { describe, expect, it } from 'vitest'
import { localeCandidates } from './localeCandidates.js'

describe('the catalogue locales a locale reads', () => {
  it('reads itself, then its language', () => {
    expect(localeCandidates('ar-EG')).toEqual(['ar-EG', 'ar'])
    expect(localeCandidates('ja')).toEqual(['ja'])
  })

  it('reads Traditional Chinese for Hant, Taiwan, Hong Kong and Macau, and Simplified for the rest', () => {
    for (const locale of ['zh-Hant', 'zh-Hant-HK', 'zh-TW', 'zh-HK', 'zh-MO']) expect(localeCandidates(locale)).toContain('zh-TW')
    for (const locale of ['zh', 'zh-Hans', 'zh-Hans-CN', 'zh-SG', 'zh-CN']) expect(localeCandidates(locale)).toContain('zh-CN')
    expect(localeCandidates('zh-Hant-HK')).not.toContain('zh-CN')
  })

  it('reads Brazilian Portuguese for any Portuguese', () => {
    expect(localeCandidates('pt-PT')).toEqual(['pt-PT', 'pt-BR', 'pt'])
  })
})
