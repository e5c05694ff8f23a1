import { describe, expect, it } from 'vitest'
import { createSiweMessage } from 'viem/siwe'
import { createCacao, statementOf } from './createCacao.js'

const fields = {
  domain: 'dapp.example',
  chainId: 'eip155:1',
  accountAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
  uri: 'https://dapp.example',
  nonce: 'abcdefgh1234',
  issuedAt: '2026-11-27T08:00:00.000Z',
}
const message = (statement?: string) =>
  createSiweMessage({ domain: fields.domain, address: fields.accountAddress as `0x${string}`, chainId: 1, uri: fields.uri, version: '1', nonce: fields.nonce, issuedAt: new Date(fields.issuedAt), statement })

describe('createCacao', () => {
  it('names the signer as a did:pkh issuer, the page as audience, and an account key’s signature as EIP-191', () => {
    const cacao = createCacao({ ...fields, statement: 'Sign in' }, `0x${'ab'.repeat(65)}`)
    expect(cacao).toEqual({
      h: { t: 'caip122' },
      p: { domain: 'dapp.example', iss: 'did:pkh:eip155:1:0x8ba1f109551bD432803012645Ac136ddd64DBA72', aud: 'https://dapp.example', version: '1', nonce: 'abcdefgh1234', iat: fields.issuedAt, statement: 'Sign in' },
      s: { t: 'eip191', s: `0x${'ab'.repeat(65)}` },
    })
  })

  it('calls a longer signature a contract account’s, and an ed25519 one Solana’s', () => {
    expect(createCacao(fields, `0x${'ab'.repeat(200)}`).s.t).toBe('eip1271')
    expect(createCacao({ ...fields, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }, '3xVb').s.t).toBe('solana:ed25519')
  })
})

describe('statementOf', () => {
  it('reads the statement of an EIP-4361 message, and none when it has none', () => {
    expect(statementOf(message('Sign in to the dapp'))).toBe('Sign in to the dapp')
    expect(statementOf(message())).toBeUndefined()
  })
})
