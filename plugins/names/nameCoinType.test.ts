import { describe, expect, it } from 'vitest'
import { nameCoinType } from './nameCoinType.js'
import { NameInvalidChainIdError } from './errors/names.js'

describe('nameCoinType (ENSIP-11, SPEC §5)', () => {
  it.each([
    [1, 0x80000001],
    [31337, 2147514985],
    ['10', 0x8000000a],
    [2147483647, 0xffffffff],
  ])('chain %j has coin type %d', (chainId, coinType) => {
    expect(nameCoinType(chainId)).toBe(coinType)
  })

  it.each([2147483648, 2 ** 40, -1, 1.5, '0x1', '', 'abc'])("refuses chain id %j with 'Invalid chainId'", (chainId) => {
    expect(() => nameCoinType(chainId)).toThrowError(NameInvalidChainIdError)
    expect(() => nameCoinType(chainId)).toThrowError(/^Invalid chainId/)
  })
})
