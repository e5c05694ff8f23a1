import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { parseUnits } from 'viem'
import { formatOnrampAmount, roundDownTo } from './onrampAmount.js'

describe('onrampAmount', () => {
  it('R2: rounds down without float noise and writes plain decimals', () => {
    expect(roundDownTo(1.2e-7, 8)).toBe(1.2e-7)
    expect(roundDownTo(1.23456789, 6)).toBe(1.234567)
    expect(formatOnrampAmount(1.2e-7, 8)).toBe('0.00000012')
    expect(formatOnrampAmount(25, 6)).toBe('25')
    expect(formatOnrampAmount(0.5, 8)).toBe('0.5')
  })

  it('R2: every formatted amount is one viem can parse (seed 11)', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-8, max: 1e9, noNaN: true }), fc.constantFrom(6, 8), (value, places) => {
        expect(() => parseUnits(formatOnrampAmount(roundDownTo(value, places), places), 18)).not.toThrow()
      }),
      { seed: 11, numRuns: 500 },
    )
  })
})
