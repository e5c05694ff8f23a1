import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { toCaipChainId, toReplyChainId } from './toCaipChainId.js'

describe('toCaipChainId', () => {
  it('reads the forms the kit sends', () => {
    expect(toCaipChainId(31337)).toBe('eip155:31337')
    expect(toCaipChainId('31337')).toBe('eip155:31337')
    expect(toCaipChainId('0x7a69')).toBe('eip155:31337')
    expect(toCaipChainId('eip155:31338')).toBe('eip155:31338')
    expect(toCaipChainId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
  })

  it('refuses anything else', () => {
    for (const bad of [0, -1, 1.5, '0x0', '0x', 'eip155:', 'eip155:0', 'cosmos:hub', 'solana:0OIl', null, undefined, {}, []]) expect(toCaipChainId(bad)).toBeUndefined()
  })

  it('round-trips every EVM chain id through the reply form (fast-check, seed 12)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999_999 }), (id) => toReplyChainId(toCaipChainId(id)!) === id),
      { seed: 12 },
    )
  })
})
