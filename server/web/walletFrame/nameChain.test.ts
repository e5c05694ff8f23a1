import { describe, expect, it } from 'vitest'
import { nameChain } from './nameChain.js'
import { namedAccount } from './namedAccount.js'

describe('nameChain', () => {
  it('names the local chains, the networks the kit knows, and any other chain by its id', () => {
    expect(nameChain('eip155:31337')).toBe('Local chain 31337')
    expect(nameChain('eip155:31338')).toBe('Local chain 31338')
    expect(nameChain('eip155:1')).toBe('Ethereum (chain 1)')
    expect(nameChain('eip155:8453')).toBe('Base (chain 8453)')
    expect(nameChain('eip155:999999')).toBe('Chain 999999')
    expect(nameChain('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('Solana')
  })
})

describe('namedAccount', () => {
  it('finds the signer or payer each EVM method names, and nothing otherwise', () => {
    expect(namedAccount('personal_sign', ['0x6869', '0xA'])).toBe('0xA')
    expect(namedAccount('eth_signTypedData_v4', ['0xB', '{}'])).toBe('0xB')
    expect(namedAccount('eth_sendTransaction', [{ from: '0xC', to: '0xD' }])).toBe('0xC')
    expect(namedAccount('wallet_sendCalls', [{ from: '0xE', calls: [] }])).toBe('0xE')
    expect(namedAccount('eth_sendTransaction', [{ to: '0xD' }])).toBeUndefined()
    expect(namedAccount('personal_sign', ['0x6869', 5])).toBeUndefined()
    expect(namedAccount('solana_signMessage', { message: 'x' })).toBeUndefined()
  })
})
