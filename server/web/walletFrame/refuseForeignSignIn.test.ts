import { describe, expect, it } from 'vitest'
import { base58 } from '@scure/base'
import { stringToHex } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { refuseForeignSignIn } from './refuseForeignSignIn.js'

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SHOP = 'http://localhost:5173'

/** An EIP-4361 message as viem writes it (the kit's siwx plugin uses the same). */
const siwe = (domain: string, uri: string, scheme?: string) =>
  createSiweMessage({ address: ACCOUNT, chainId: 1, domain, nonce: 'abcdefgh12', uri, version: '1', scheme })

const personalSign = (text: string) => [stringToHex(text), ACCOUNT]

describe('refuseForeignSignIn', () => {
  it("lets a sign-in message for the asking site through, and any message that is not a sign-in", () => {
    expect(() => refuseForeignSignIn('personal_sign', personalSign(siwe('localhost:5173', `${SHOP}/login`)), SHOP)).not.toThrow()
    expect(() => refuseForeignSignIn('personal_sign', personalSign(siwe('localhost:5173', SHOP, 'http')), SHOP)).not.toThrow()
    expect(() => refuseForeignSignIn('personal_sign', personalSign('gm, I want you to sign in with your heart'), SHOP)).not.toThrow()
    expect(() => refuseForeignSignIn('eth_sendTransaction', [{}], SHOP)).not.toThrow()
  })

  it('refuses a message that signs in to another domain, with another scheme, or for another URI', () => {
    expect(() => refuseForeignSignIn('personal_sign', personalSign(siwe('app.example.com', 'https://app.example.com')), SHOP)).toThrow(
      expect.objectContaining({ details: 'the message signs you in to app.example.com, not localhost:5173, the site asking' }),
    )
    expect(() => refuseForeignSignIn('personal_sign', personalSign(siwe('localhost:5173', SHOP, 'https')), SHOP)).toThrow(/https:\/\/localhost:5173/)
    expect(() => refuseForeignSignIn('personal_sign', personalSign(siwe('localhost:5173', 'https://app.example.com/login')), SHOP)).toThrow(
      expect.objectContaining({ details: 'the message signs you in to https://app.example.com/login, not localhost:5173, the site asking' }),
    )
    // Raw text too (a dapp need not hex-encode it), and the domain's case does not matter to the check.
    expect(() => refuseForeignSignIn('personal_sign', [siwe('LOCALHOST:5174', SHOP), ACCOUNT], SHOP)).toThrow(/LOCALHOST:5174/)
  })

  it('reads CAIP-122 messages for Solana the same way', () => {
    const solana = (domain: string) =>
      ({ message: base58.encode(new TextEncoder().encode(`${domain} wants you to sign in with your Solana account:\n7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU\n\nURI: ${SHOP}\nNonce: 1`)) })
    expect(() => refuseForeignSignIn('solana_signMessage', solana('localhost:5173'), SHOP)).not.toThrow()
    expect(() => refuseForeignSignIn('solana_signMessage', solana('app.example.com'), SHOP)).toThrow(/app\.example\.com/)
  })
})
