import { PublicKey } from '@solana/web3.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { encodeBase58 } from './encodeBase58.js'

describe('given bytes (seed 7)', () => {
  it('encodes 32-byte keys exactly as @solana/web3.js writes them', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        expect(encodeBase58(bytes)).toBe(new PublicKey(bytes).toBase58())
      }),
      { seed: 7 },
    )
  })
})
