import { describe, expect, it } from 'vitest'
import { formatMoneyText } from './formatMoneyText.js'

const usd = (locale: string) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2 })

describe('money text', () => {
  it("keeps Arabic's 'US$' one unit, so a right-to-left line cannot split its '$' off", () => {
    expect(usd('ar').format(10)).toBe('\u200f10.00\u00a0US$')
    expect(formatMoneyText(usd('ar'), 10)).toBe('\u200f10.00\u00a0\u2068US$\u2069')
    expect(formatMoneyText(usd('ar-EG'), '1234.5')).toBe('\u200f١٬٢٣٤٫٥٠\u00a0\u2068US$\u2069')
  })

  it("leaves a one-character unit and every left-to-right locale as Intl writes them", () => {
    expect(formatMoneyText(usd('he'), 10)).toBe(usd('he').format(10))
    expect(formatMoneyText(usd('en-US'), 10)).toBe('$10.00')
    expect(formatMoneyText(new Intl.NumberFormat('de', { style: 'currency', currency: 'CHF' }), 10)).toBe('10,00\u00a0CHF')
  })
})
