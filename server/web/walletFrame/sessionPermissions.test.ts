import { describe, expect, it } from 'vitest'
import { parseGrantRequest, sessionContextOf } from './sessionPermissions.js'
import { isSmartSessionRequest, usesSessionPermission } from '../../../chains/auth/smartSessionRequests.js'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const now = () => Math.floor(Date.now() / 1000)
const request = (overrides: Record<string, unknown> = {}) => [
  { chainId: '0x7a69', expiry: now() + 3600, permissions: [{ type: 'erc20-token-transfer', data: { address: TOKEN, allowance: '0x989680' } }], policies: [], ...overrides },
]

describe('parseGrantRequest', () => {
  it('reads an ERC-7715 erc20-token-transfer request for the signing chain', () => {
    const expiry = now() + 3600
    expect(parseGrantRequest(request({ expiry }), 'eip155:31337')).toEqual({ chainId: 'eip155:31337', expiry, token: TOKEN, allowance: 10_000_000n })
  })

  it.each([
    ['another chain', { chainId: '0x1' }, /another chain/],
    ['a past expiry', { expiry: now() - 1 }, /expiry/],
    ['an expiry past 30 days', { expiry: now() + 31 * 24 * 3600 }, /expiry/],
    ['two permissions', { permissions: [1, 2] }, /exactly one/],
    ['another permission type', { permissions: [{ type: 'native-token-transfer', data: { allowance: '0x1' } }] }, /only erc20-token-transfer/],
    ['a zero allowance', { permissions: [{ type: 'erc20-token-transfer', data: { address: TOKEN, allowance: '0x0' } }] }, /allowance/],
    ['a decimal allowance', { permissions: [{ type: 'erc20-token-transfer', data: { address: TOKEN, allowance: 10 } }] }, /allowance/],
    ['no token', { permissions: [{ type: 'erc20-token-transfer', data: { allowance: '0x1' } }] }, /data.address/],
  ])('refuses %s', (_name, overrides, reason) => {
    expect(() => parseGrantRequest(request(overrides), 'eip155:31337')).toThrow(expect.objectContaining({ details: expect.stringMatching(reason) }))
  })
})

describe('which requests are smart-session requests', () => {
  const sendCalls = (capabilities?: unknown) => [{ version: '2.0.0', calls: [], ...(capabilities ? { capabilities } : {}) }]
  it('a grant, a revocation naming a context, and calls naming one; not EIP-2255 nor plain calls', () => {
    expect(isSmartSessionRequest('wallet_grantPermissions', request())).toBe(true)
    expect(isSmartSessionRequest('wallet_revokePermissions', [{ context: '0xabc' }])).toBe(true)
    expect(isSmartSessionRequest('wallet_revokePermissions', [{ eth_accounts: {} }])).toBe(false)
    expect(usesSessionPermission('wallet_sendCalls', sendCalls({ permissions: { context: '0xabc' } }))).toBe(true)
    expect(usesSessionPermission('wallet_sendCalls', sendCalls())).toBe(false)
    expect(usesSessionPermission('eth_sendTransaction', [{ capabilities: { permissions: { context: '0xabc' } } }])).toBe(false)
    expect(sessionContextOf('wallet_sendCalls', sendCalls({ permissions: { context: '0xabc' } }))).toBe('0xabc')
    expect(sessionContextOf('wallet_sendCalls', sendCalls())).toBeUndefined()
  })
})
