import { describe, expect, it } from 'vitest'
import { compileMessage } from '../../scripts/icuCatalogues.mjs'
import { formatMessage, type Message } from './formatMessage.js'

const compiled = (icu: string) => compileMessage(icu) as Message

describe('formatMessage over a compiled ICU message', () => {
  it('fills arguments and keeps plain text as it is', () => {
    expect(formatMessage(compiled('Connect Wallet'))).toBe('Connect Wallet')
    expect(formatMessage(compiled('Continue in {name}'), { name: 'Rabby' })).toBe('Continue in Rabby')
  })

  it('chooses the plural form by the locale’s rules, exact matches first, # as a localized number', () => {
    const wallets = compiled('{count, plural, =0 {No wallets} one {# wallet} other {# wallets}}')
    expect(formatMessage(wallets, { count: 0 })).toBe('No wallets')
    expect(formatMessage(wallets, { count: 1 })).toBe('1 wallet')
    expect(formatMessage(wallets, { count: 1200 }, 'en')).toBe('1,200 wallets')
    // Arabic has six plural categories; 'few' for 3–10, and Egyptian Arabic writes Arabic-Indic digits.
    const arabic = compiled('{count, plural, one {محفظة واحدة} two {محفظتان} few {# محافظ} many {# محفظة} other {# محفظة}}')
    expect(formatMessage(arabic, { count: 3 }, 'ar-EG')).toBe('٣ محافظ')
  })

  it('chooses a select’s option, else other', () => {
    const kind = compiled('{kind, select, smart {smart account} other {account}}')
    expect(formatMessage(kind, { kind: 'smart' })).toBe('smart account')
    expect(formatMessage(kind, { kind: 'eoa' })).toBe('account')
  })

  it('fills a host’s plain run-time string without a parser', () => {
    expect(formatMessage('Pay {amount} now', { amount: '5' })).toBe('Pay 5 now')
  })

  it('refuses at build time what it cannot format (dates belong to Intl in the view)', () => {
    expect(() => compileMessage('On {when, date, short}')).toThrow(/Unsupported ICU element/)
  })
})
