import { describe, expect, it } from 'vitest'
import { formatMoney } from './formatMoney.js'

describe('formatMoney', () => {
  it("writes each currency with its own sign, 2 decimals, grouped in the visitor's locale", () => {
    const inLocale = (amount: number, currency: string) => new Intl.NumberFormat(undefined, { style: 'currency', currency, minimumFractionDigits: 2 }).format(amount)
    expect(formatMoney('25', 'EUR')).toBe(inLocale(25, 'EUR'))
    expect(formatMoney('7500', 'GBP')).toBe(inLocale(7500, 'GBP'))
    expect(formatMoney(10, 'USD')).toBe(inLocale(10, 'USD'))
    // Never a dollar sign for another currency (issue 27: the checkout said '$' for EUR).
    expect(formatMoney('25', 'EUR')).not.toContain('$')
    expect(formatMoney('25', 'GBP')).not.toContain('$')
  })

  it('keeps the exact decimal (no float rounding) and writes an unknown code after the number', () => {
    expect(formatMoney('0.125', 'USD')).toBe(new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' }).format(0.13))
    expect(formatMoney('12', 'not a code')).toBe(`${new Intl.NumberFormat(undefined, { minimumFractionDigits: 2 }).format(12)} not a code`)
  })
})
