import { describe, expect, it } from 'vitest'
import { KitError } from '../../kernel/errors/base.js'
import { ServerErrorCodes } from './codes.js'
import { SwapInputError } from '../convert/errors.js'
import { HardhatNodeStartError } from '../chains/errors.js'
import { OnrampPaymentError } from '../onramp/errors.js'

describe('server errors', () => {
  it('extend KitError with a KIT_SERVER_* code, the HTTP status and the code clients see', () => {
    const errors = [
      new SwapInputError('to has no pool with from'),
      new HardhatNodeStartError({ chainId: 31337, reason: 'listen EADDRINUSE' }),
      new OnrampPaymentError({ reason: 'airdrop failed' }),
    ]
    expect(errors.map((error) => [error instanceof KitError, error.name, error.code, error.statusCode, error.replyCode, error.shortMessage])).toEqual([
      [true, 'SwapInputError', 'KIT_SERVER_INVALID_SWAP', 400, 'INVALID_SWAP', 'to has no pool with from'],
      [true, 'HardhatNodeStartError', 'KIT_SERVER_NODE_START_FAILED', 500, 'INTERNAL', 'hardhat node for chain 31337 failed: listen EADDRINUSE'],
      [true, 'OnrampPaymentError', 'KIT_SERVER_ONRAMP_PAYMENT_FAILED', 502, 'PAYMENT_FAILED', 'The payment could not be sent on the local chain: airdrop failed'],
    ])
  })

  it('keeps every code unique and in the KIT_SERVER_ area', () => {
    const codes = Object.values(ServerErrorCodes)
    expect(new Set(codes).size).toBe(codes.length)
    for (const code of codes) expect(code).toMatch(/^KIT_SERVER_[A-Z_]+$/)
  })
})
