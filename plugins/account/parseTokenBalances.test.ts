import { describe, expect, it } from 'vitest'
import { parseTokenBalances } from './parseTokenBalances.js'

const usdc = { name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:31337', price: 1, value: 5, quantity: { decimals: '6', numeric: '5' } }

describe('parseTokenBalances', () => {
  it('keeps well-formed balances and drops entries the Tokens tab could not render', () => {
    const list = [usdc, { ...usdc, name: {} }, { ...usdc, symbol: 5 }, { ...usdc, quantity: null }, null, 'USDC', { ...usdc, symbol: 'DAI', price: null }]
    expect(parseTokenBalances(list)).toEqual([usdc, { ...usdc, symbol: 'DAI', price: 0 }])
  })
  it('reads anything but a list as no balances (a corrupt cache)', () => {
    expect(parseTokenBalances({ balances: [usdc] })).toEqual([])
    expect(parseTokenBalances('[]')).toEqual([])
  })
})
