import { describe, expect, it } from 'vitest'
import { base58 } from '@scure/base'
import { refuseUnsafeRequest } from './refuseUnsafeRequest.js'
import { FrameInvalidRequestError } from './errors.js'

describe('refuseUnsafeRequest', () => {
  it('lets a UTF-8 Solana message through and refuses bytes that are not text, such as a transaction message', () => {
    expect(() => refuseUnsafeRequest('solana_signMessage', { message: base58.encode(Buffer.from('Sign in to Shop ✓')) }, 'solana:x')).not.toThrow()
    // A legacy transaction message's header and keys: 0x01 0x00 0x01, then 32-byte keys with bytes past 0x7f.
    const transactionMessage = Uint8Array.from([1, 0, 1, 2, ...Array.from({ length: 64 }, (_, index) => (index * 37 + 200) % 256)])
    expect(() => refuseUnsafeRequest('solana_signMessage', { message: base58.encode(transactionMessage) }, 'solana:x')).toThrow(FrameInvalidRequestError)
    expect(() => refuseUnsafeRequest('solana_signMessage', { message: '0OIl' }, 'solana:x')).toThrow('Invalid parameters for solana_signMessage')
  })

  it('lets a wallet_sendCalls batch through for the request’s chain only', () => {
    const calls = [{ to: '0x000000000000000000000000000000000000dEaD', value: '0x1' }]
    expect(() => refuseUnsafeRequest('wallet_sendCalls', [{ chainId: '0x7a69', calls }], 'eip155:31337')).not.toThrow()
    expect(() => refuseUnsafeRequest('wallet_sendCalls', [{ calls }], 'eip155:31337')).not.toThrow()
    expect(() => refuseUnsafeRequest('wallet_sendCalls', [{ chainId: '0x7a6a', calls }], 'eip155:31337')).toThrow('Invalid parameters for wallet_sendCalls')
    expect(() => refuseUnsafeRequest('wallet_sendCalls', [{ chainId: 31337, calls }], 'eip155:31337')).toThrow(FrameInvalidRequestError)
  })
})
