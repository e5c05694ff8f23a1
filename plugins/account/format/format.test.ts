import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { floorDecimal, formatScaled, multiplyDecimals, parseDecimal, unitsToDecimal } from './decimal.js'
import { formatBalance } from './formatBalance.js'
import { formatTokenAmount } from './formatTokenAmount.js'
import { formatFiat } from './formatFiat.js'
import { toUnits } from './toUnits.js'
import { visibleTokens } from './visibleTokens.js'
import { balancedLines } from './balancedLines.js'
import type { TokenBalance } from '../../../chains/connection/AccountState.js'
import { InvalidDecimalError } from '../errors/account.js'

describe('decimal', () => {
  it('parses and writes back plain decimals', () => {
    expect(parseDecimal('1.25')).toEqual({ units: 125n, scale: 2 })
    expect(formatScaled(parseDecimal('-0.0010'))).toBe('-0.0010')
    expect(formatScaled(parseDecimal(1e-7))).toBe('0.0000001')
    expect(formatScaled(parseDecimal(1.5e21))).toBe('1500000000000000000000')
  })

  it('refuses what is not a decimal', () => {
    for (const bad of ['', '.', 'abc', '1.2.3', '1e5', '0x10', ' - 1']) expect(() => parseDecimal(bad)).toThrow(InvalidDecimalError)
    expect(() => parseDecimal(Number.NaN)).toThrow(
      expect.objectContaining({ name: 'InvalidDecimalError', code: 'KIT_ACCOUNT_INVALID_DECIMAL', shortMessage: 'Not a decimal number', details: 'NaN' }),
    )
  })

  it('multiplies exactly where floats drift (0.1 × 3)', () => {
    expect(formatScaled(multiplyDecimals(parseDecimal('0.1'), parseDecimal('3')))).toBe('0.3')
  })

  it('floors toward negative infinity', () => {
    expect(formatScaled(floorDecimal(parseDecimal('1.999'), 2))).toBe('1.99')
    expect(formatScaled(floorDecimal(parseDecimal('-1.001'), 2))).toBe('-1.01')
    expect(formatScaled(floorDecimal(parseDecimal('7'), 2))).toBe('7.00')
  })

  it('property (seed 6): units → decimal → units round-trips for any decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 40n }), fc.integer({ min: 0, max: 30 }), (units, decimals) => {
        expect(toUnits(unitsToDecimal(units, decimals), decimals)).toBe(units)
      }),
      { seed: 6 },
    )
  })

  it('property (seed 7): a floor is never above the value and within one step below', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 6 }), (units, scale, places) => {
        const floored = floorDecimal({ units, scale }, places)
        // Compare at a common scale.
        const common = Math.max(scale, places)
        const value = units * 10n ** BigInt(common - scale)
        const low = floored.units * 10n ** BigInt(common - places)
        expect(low <= value).toBe(true)
        expect(value - low < 10n ** BigInt(common - places)).toBe(true)
      }),
      { seed: 7 },
    )
  })
})

describe('formatBalance (SPEC §5: floors to 3 decimals)', () => {
  it('floors, never rounds up', () => {
    expect(formatBalance('9999.9999')).toBe('9,999.999')
    expect(formatBalance('1.23456')).toBe('1.234')
    expect(formatBalance('0.0009')).toBe('0')
    expect(formatBalance('2')).toBe('2')
    expect(formatBalance('1.5000')).toBe('1.5')
  })
  it('shows nothing for a missing or corrupt balance', () => {
    expect(formatBalance(undefined)).toBeUndefined()
    expect(formatBalance('NaN')).toBeUndefined()
  })
})

describe('formatTokenAmount (SPEC §5: 2 decimals)', () => {
  it('keeps two decimals', () => {
    expect(formatTokenAmount('1.239')).toBe('1.23')
    expect(formatTokenAmount('1000')).toBe('1,000.00')
    expect(formatTokenAmount('0.000001')).toBe('0.00')
    expect(formatTokenAmount('garbage')).toBe('0.00')
  })
})

describe('formatFiat (SPEC §5: fiat 2 decimals)', () => {
  it('multiplies quantity by price exactly', () => {
    expect(formatFiat('1.5', 2000)).toBe('$3,000.00')
    expect(formatFiat('999.999999', 1)).toBe('$999.99')
    expect(formatFiat('0.1', 0.3)).toBe('$0.03')
  })
  it('gives nothing without a price', () => {
    expect(formatFiat('1', undefined)).toBeUndefined()
    expect(formatFiat('1', Number.POSITIVE_INFINITY)).toBeUndefined()
  })
})

describe('toUnits', () => {
  it('converts typed amounts to base units', () => {
    expect(toUnits('1.5', 6)).toBe(1_500_000n)
    expect(toUnits('25', 18)).toBe(25n * 10n ** 18n)
    expect(toUnits('1.5000000', 6)).toBe(1_500_000n)
  })
  it('refuses zero, negatives, too many digits and text', () => {
    for (const bad of ['0', '-1', '1.0000001', 'abc', '']) expect(toUnits(bad, 6)).toBeUndefined()
  })
})

describe('visibleTokens', () => {
  const token = (symbol: string, decimals: string, value: number, numeric = '1'): TokenBalance => ({
    name: symbol,
    symbol,
    chainId: 'eip155:31337',
    price: 1,
    value,
    quantity: { decimals, numeric },
  })
  it('hides 0-decimal tokens (SPEC §5) and corrupt entries, highest value first', () => {
    const list = [token('DUST', '0', 50), token('USDC', '6', 10), token('ETH', '18', 100), token('BAD', '6', 5, 'NaN'), null as unknown as TokenBalance]
    expect(visibleTokens(list).map((t) => t.symbol)).toEqual(['ETH', 'USDC'])
  })
})

describe('balancedLines (issue 27: Receive never leaves a lone character on a line)', () => {
  it('cuts an EVM address into two lines of 21, a Solana one into two of 22, a short one not at all', () => {
    const evm = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
    expect(balancedLines(evm, 24)).toEqual([evm.slice(0, 21), evm.slice(21)])
    const solana = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'
    expect(balancedLines(solana, 24).map((line) => line.length)).toEqual([22, 22])
    expect(balancedLines('bc1qshort', 24)).toEqual(['bc1qshort'])
    expect(balancedLines('x'.repeat(62), 24).map((line) => line.length)).toEqual([21, 21, 20])
  })
})

describe('numbers in the visitor locale (issue 27: "$30000000.00" had no digit groups)', () => {
  it('groups digits by Intl, keeps every floored digit, and reads large values exactly, not as floats', () => {
    expect(formatFiat('15000', 2000)).toBe(new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' }).format(30_000_000))
    expect(formatTokenAmount('12345678901234567890.129')).toBe('12,345,678,901,234,567,890.12')
    expect(formatBalance('1234.5')).toBe('1,234.5')
  })
})
