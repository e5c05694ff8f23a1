import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createRelayAuthToken } from '../../test/support/createRelayAuthToken.js'
import { verifyRelayAuth } from './verifyRelayAuth.js'

const NOW = 1_900_000_000
const AUD = 'ws://127.0.0.1:5545/relay'
const expected = { audiences: [AUD, 'wss://127.0.0.1:5545/relay'], now: NOW }
const makeToken = (payload: Record<string, unknown>, signWith?: KeyObject) =>
  createRelayAuthToken({ aud: AUD, iat: NOW - 60, exp: NOW + 24 * 3600 - 60, ...payload }, signWith)

describe('given the auth JWT of a relay connection', () => {
  it('accepts a token signed by the key its did:key names, for this relay, living a day', () => {
    const { token, iss } = makeToken({})
    expect(verifyRelayAuth(token, expected)).toBe(iss)
    expect(verifyRelayAuth(makeToken({ aud: 'wss://127.0.0.1:5545/relay/' }).token, expected)).toBeDefined()
  })

  it('refuses an expired token, a token signed by another key, and a tampered payload', () => {
    expect(verifyRelayAuth(makeToken({ exp: 10 }).token, expected)).toBeUndefined()
    expect(verifyRelayAuth(makeToken({}, generateKeyPairSync('ed25519').privateKey).token, expected)).toBeUndefined()
    const [h, , s] = makeToken({}).token.split('.')
    const forged = Buffer.from(JSON.stringify({ iss: makeToken({}).iss, aud: AUD, iat: NOW, exp: NOW + 60 })).toString('base64url')
    expect(verifyRelayAuth(`${h}.${forged}.${s}`, expected)).toBeUndefined()
  })

  it('refuses a token for another relay, without an audience, living longer than a day, or issued in the future', () => {
    expect(verifyRelayAuth(makeToken({ aud: 'wss://relay.example/relay' }).token, expected)).toBeUndefined()
    expect(verifyRelayAuth(makeToken({ aud: undefined }).token, expected)).toBeUndefined()
    // The review's token: valid until 2100.
    expect(verifyRelayAuth(makeToken({ exp: 4_102_444_800 }).token, expected)).toBeUndefined()
    expect(verifyRelayAuth(makeToken({ iat: undefined }).token, expected)).toBeUndefined()
    expect(verifyRelayAuth(makeToken({ iat: NOW + 3600, exp: NOW + 7200 }).token, expected)).toBeUndefined()
  })

  it('never throws on hostile strings (seed 11)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 3000 }), fc.tuple(fc.base64String(), fc.base64String(), fc.base64String()).map((p) => p.join('.'))), (text) => {
        expect(verifyRelayAuth(text, expected)).toBeUndefined()
      }),
      { seed: 11 },
    )
  })
})
