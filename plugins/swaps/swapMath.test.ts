import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { setFormatLocale } from '../../ui-shell/i18n/activeLocale.js'
import { formatSwapAmount, formatUsd, priceImpactPercent } from './swapMath.js'

describe('formatSwapAmount', () => {
  it('floors to 6 decimals and drops trailing zeros', () => {
    expect(formatSwapAmount('0.003321987654')).toBe('0.003321')
    expect(formatSwapAmount('12.500000')).toBe('12.5')
    expect(formatSwapAmount('7')).toBe('7')
    expect(formatSwapAmount('0.0000001')).toBe('0')
  })

  it("writes the amount in the kit's locale: its separators and digits", () => {
    expect(formatSwapAmount('1234.5678919')).toBe('1,234.567891')
    setFormatLocale('de')
    expect(formatSwapAmount('1234.5678919')).toBe('1.234,567891')
    setFormatLocale('ar-EG')
    expect(formatSwapAmount('12.5')).toBe('١٢٫٥')
    setFormatLocale('en')
  })

  it('never shows more than the amount (fast-check, seed 20261123)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (units) => {
        const decimal = `${units / 10n ** 18n}.${(units % 10n ** 18n).toString().padStart(18, '0')}`
        const shown = formatSwapAmount(decimal)
        const [whole, fraction = ''] = shown.replaceAll(',', '').split('.')
        const shownUnits = BigInt(whole!) * 10n ** 18n + BigInt(fraction.padEnd(18, '0'))
        return shownUnits <= units && units - shownUnits < 10n ** 12n
      }),
      { seed: 20261123 },
    )
  })
})

describe('formatUsd', () => {
  it('shows 2 decimals, floored, and a positive value under a cent as <$0.01', () => {
    expect(formatUsd(0.4567)).toBe('$0.45')
    expect(formatUsd(1234.5)).toBe('$1,234.50')
    expect(formatUsd(0.004)).toBe('<$0.01')
    expect(formatUsd(0)).toBe('$0.00')
    expect(formatUsd(Number.NaN)).toBe('$0.00')
  })
})

describe('priceImpactPercent', () => {
  it('is the share of the input value lost, never below 0, undefined without prices', () => {
    expect(priceImpactPercent({ fromAmount: '3000', fromPrice: 1, toAmount: '0.99', toPrice: 3000 })).toBeCloseTo(1, 10)
    expect(priceImpactPercent({ fromAmount: '1', fromPrice: 1, toAmount: '2', toPrice: 1 })).toBe(0)
    expect(priceImpactPercent({ fromAmount: '1', fromPrice: undefined, toAmount: '2', toPrice: 1 })).toBeUndefined()
    expect(priceImpactPercent({ fromAmount: '0', fromPrice: 1, toAmount: '0', toPrice: 1 })).toBeUndefined()
  })
})
