import { describe, expect, it } from 'vitest'
import { divideUnits } from './divideUnits.js'

describe('divideUnits', () => {
  it('divides token amounts of different decimals exactly', () => {
    expect(divideUnits(2_500_000n, 6, 10n ** 18n, 18)).toBe('2.5')
    expect(divideUnits(10n ** 18n, 18, 3n * 10n ** 18n, 18)).toBe('0.33333333333333333333')
    expect(divideUnits(0n, 18, 5n, 6)).toBe('0')
  })

  it('keeps the digits a float loses: 98,765,432,109.876… tokens for 3 ETH', () => {
    const rate = divideUnits(98765432109876543210987654321n, 18, 3n * 10n ** 18n, 18)
    expect(rate).toBe('32921810703.29218107032921810700'.replace(/0+$/, ''))
    // The float division this replaces shows another sixth decimal.
    expect((98765432109876543210987654321 / 1e18 / 3).toFixed(6)).not.toBe(rate.slice(0, rate.indexOf('.') + 7))
  })

  it('refuses a zero divisor', () => {
    expect(() => divideUnits(1n, 0, 0n, 0)).toThrow(RangeError)
  })
})
