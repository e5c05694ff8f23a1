import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createRelayAuthToken } from '../../test/support/createRelayAuthToken.js'
import { verifyRelayAuth } from './verifyRelayAuth.js'

const NOW = 1_900_000_000
const makeToken = (payload: Record<string, unknown>, signWith?: KeyObject) =>
  createRelayAuthToken({ exp: 2_000_000_000, ...payload }, signWith)

describe('given the auth JWT of a relay connection', () => {
  it('accepts a token signed by the key its did:key names', () => {
    const { token, iss } = makeToken({})
    expect(verifyRelayAuth(token, NOW)).toBe(iss)
  })

  it('refuses an expired token, a token signed by another key, and a tampered payload', () => {
    expect(verifyRelayAuth(makeToken({ exp: 10 }).token, NOW)).toBeUndefined()
    expect(verifyRelayAuth(makeToken({}, generateKeyPairSync('ed25519').privateKey).token, NOW)).toBeUndefined()
    const [h, , s] = makeToken({}).token.split('.')
    const forged = Buffer.from(JSON.stringify({ iss: makeToken({}).iss, exp: 2_000_000_000 })).toString('base64url')
    expect(verifyRelayAuth(`${h}.${forged}.${s}`, NOW)).toBeUndefined()
  })

  it('never throws on hostile strings (seed 11)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 3000 }), fc.tuple(fc.base64String(), fc.base64String(), fc.base64String()).map((p) => p.join('.'))), (text) => {
        expect(verifyRelayAuth(text)).toBeUndefined()
      }),
      { seed: 11 },
    )
  })
})
