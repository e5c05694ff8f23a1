import { autorun } from 'mobx'
import { describe, expect, it } from 'vitest'
import { I18nStore } from './I18nStore.js'
import { formatLocale } from './activeLocale.js'

const catalogue = {
  en: { 'connect.title': 'Connect Wallet', 'connect.only': 'Only in English' },
  ar: () => Promise.resolve({ default: { 'connect.title': 'ربط المحفظة' } }),
}

describe('given a kit in English', () => {
  it('switches live: observers see the new locale’s messages, dir and number locale', async () => {
    const i18n = new I18nStore('en')
    i18n.register(catalogue)
    const seen: string[] = []
    const stop = autorun(() => seen.push(`${i18n.dir}:${i18n.t('connect.title')}`))
    await i18n.setLocale('ar-EG')
    stop()
    expect(seen.at(0)).toBe('ltr:Connect Wallet')
    expect(seen.at(-1)).toBe('rtl:ربط المحفظة')
    expect(formatLocale()).toBe('ar-EG')
    await i18n.setLocale('en')
  })

  it('falls back to English for a key the locale lacks, and shows an unknown key as it is', async () => {
    const i18n = new I18nStore('ar')
    i18n.register(catalogue)
    await i18n.setLocale('ar')
    expect(i18n.t('connect.only')).toBe('Only in English')
    expect(i18n.t('Pair your Ledger')).toBe('Pair your Ledger')
    await i18n.setLocale('en')
  })

  it('lets the host override a message for every locale or for one', async () => {
    const i18n = new I18nStore('en', { 'connect.title': 'Sign in', ar: { 'connect.only': 'بالعربية' } })
    i18n.register(catalogue)
    expect(i18n.t('connect.title')).toBe('Sign in')
    await i18n.setLocale('ar')
    expect(i18n.t('connect.title')).toBe('Sign in')
    expect(i18n.t('connect.only')).toBe('بالعربية')
    await i18n.setLocale('en')
  })

  it("prefers the host's copy for the locale over its copy for every locale", async () => {
    const i18n = new I18nStore('en', { 'connect.title': 'Sign in', ja: { 'connect.title': 'サインイン' } })
    i18n.register(catalogue)
    expect(i18n.t('connect.title')).toBe('Sign in')
    await i18n.setLocale('ja')
    expect(i18n.t('connect.title')).toBe('サインイン')
    await i18n.setLocale('en')
  })

  it("writes a store's text: a key, a key with values, an error with its details", async () => {
    const i18n = new I18nStore('en')
    i18n.register({ en: { 'swap.swapped': '{amount} swapped' }, ar: () => Promise.resolve({ default: { 'swap.swapped': 'تم تبديل {amount}', 'error.KIT_SWAP_INSUFFICIENT_BALANCE': 'رصيد {details} غير كافٍ' } }) })
    const error = { code: 'KIT_SWAP_INSUFFICIENT_BALANCE', shortMessage: 'Insufficient USDC balance', details: 'USDC' }
    expect(i18n.say({ key: 'swap.swapped', values: { amount: '1.5' } })).toBe('1.5 swapped')
    expect(i18n.say(error)).toBe('Insufficient USDC balance')
    expect(i18n.say('A sentence from the frame')).toBe('A sentence from the frame')
    await i18n.setLocale('ar')
    expect(i18n.say({ key: 'swap.swapped', values: { amount: '1.5' } })).toBe('تم تبديل 1.5')
    expect(i18n.say(error)).toBe('رصيد USDC غير كافٍ')
    await i18n.setLocale('en')
  })

  it('keeps SPEC §8’s English for an error, translated by code where a locale has it', async () => {
    const i18n = new I18nStore('en')
    i18n.register({ en: {}, ar: () => Promise.resolve({ default: { 'error.KIT_CONNECT_REJECTED': 'رُفض الربط' } }) })
    const error = { code: 'KIT_CONNECT_REJECTED', shortMessage: 'Connection rejected' }
    expect(i18n.errorText(error)).toBe('Connection rejected')
    await i18n.setLocale('ar')
    expect(i18n.errorText(error)).toBe('رُفض الربط')
    await i18n.setLocale('en')
  })

  it('generates the pseudo-locale from English: accented, longer, bracketed', async () => {
    const i18n = new I18nStore('en')
    i18n.register(catalogue)
    await i18n.setLocale('en-XA')
    const pseudo = i18n.t('connect.title')
    expect(pseudo).toMatch(/^\[Çöññéçţ Ŵåļļéţ~+\]$/)
    expect(pseudo.length).toBeGreaterThanOrEqual(Math.floor('Connect Wallet'.length * 1.4))
    expect(i18n.errorText({ code: 'X', shortMessage: 'Modal closed' })).toMatch(/^\[Ṁöðåļ çļöšéð~+\]$/)
    await i18n.setLocale('en')
  })
})
