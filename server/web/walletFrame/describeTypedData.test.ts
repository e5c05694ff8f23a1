import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { hashTypedData, maxUint256 } from 'viem'
import { describeTypedData } from './describeTypedData.js'
import { FrameInvalidRequestError } from './errors.js'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SPENDER = '0x000000000000000000000000000000000000bEEF'
const ACTIVE = 'eip155:31337'

const permit = (message: Record<string, unknown> = {}, domain: Record<string, unknown> = {}) => ({
  domain: { name: 'USD Coin', version: '2', chainId: 31337, verifyingContract: TOKEN, ...domain },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  message: { owner: OWNER, spender: SPENDER, value: maxUint256.toString(), nonce: 0, deadline: '0x70dbd880', ...message },
})

/** Why describeTypedData refuses `data`, checking it refuses with the signing method's sentence. */
const reason = (data: unknown, chainId = ACTIVE) => {
  try {
    describeTypedData(data, chainId)
  } catch (error) {
    expect(error).toBeInstanceOf(FrameInvalidRequestError)
    expect((error as FrameInvalidRequestError).shortMessage).toBe('Invalid parameters for eth_signTypedData_v4')
    return (error as FrameInvalidRequestError).details
  }
  throw new Error('not refused')
}

describe('describeTypedData', () => {
  it('shows the type, the domain and every signed field in type order, values whole and in decimal', () => {
    const { rows, typedData } = describeTypedData(JSON.stringify(permit()), ACTIVE)
    expect(rows).toEqual([
      { label: 'Type', value: 'Permit' },
      { label: 'Domain', value: 'USD Coin' },
      { label: 'Domain version', value: '2' },
      { label: 'Domain chain', value: 'Local chain 31337' },
      { label: 'Verifying contract', value: TOKEN },
      { label: 'owner', value: OWNER },
      { label: 'spender', value: SPENDER },
      { label: 'value', value: maxUint256.toString() },
      { label: 'nonce', value: '0' },
      { label: 'deadline', value: '1893456000' },
    ])
    // What is returned is what viem signs: EIP712Domain left to viem, the rest as sent.
    expect(Object.keys(typedData.types)).toEqual(['Permit'])
    expect(hashTypedData(typedData)).toBe(hashTypedData({ ...permit(), types: { Permit: permit().types.Permit } } as never))
  })

  it('labels nested structs and arrays of structs by path (Permit2 PermitBatch)', () => {
    const data = {
      domain: { name: 'Permit2', chainId: '0x7a69', verifyingContract: TOKEN },
      types: {
        PermitBatch: [
          { name: 'details', type: 'PermitDetails[]' },
          { name: 'spender', type: 'address' },
          { name: 'sigDeadline', type: 'uint256' },
        ],
        PermitDetails: [
          { name: 'token', type: 'address' },
          { name: 'amount', type: 'uint160' },
          { name: 'expiration', type: 'uint48' },
          { name: 'nonce', type: 'uint48' },
        ],
      },
      primaryType: 'PermitBatch',
      message: {
        details: [
          { token: TOKEN, amount: '1000', expiration: 1, nonce: 0 },
          { token: SPENDER, amount: 5, expiration: 2, nonce: 1 },
        ],
        spender: SPENDER.toLowerCase(),
        sigDeadline: 9,
      },
    }
    expect(describeTypedData(data, ACTIVE).rows.map((row) => `${row.label}=${row.value}`)).toEqual([
      'Type=PermitBatch',
      'Domain=Permit2',
      'Domain version=None',
      'Domain chain=Local chain 31337',
      `Verifying contract=${TOKEN}`,
      `details[0].token=${TOKEN}`,
      'details[0].amount=1000',
      'details[0].expiration=1',
      'details[0].nonce=0',
      `details[1].token=${SPENDER}`,
      'details[1].amount=5',
      'details[1].expiration=2',
      'details[1].nonce=1',
      `spender=${SPENDER}`,
      'sigDeadline=9',
    ])
  })

  it('says a domain without chainId is valid on every chain, and shows a long text whole', () => {
    const text = 'x'.repeat(5000)
    const note = { domain: {}, types: { Note: [{ name: 'text', type: 'string' }] }, primaryType: 'Note', message: { text } }
    const { rows } = describeTypedData(note, ACTIVE)
    expect(rows).toContainEqual({ label: 'Domain chain', value: 'None: valid on every chain' })
    expect(rows.at(-1)).toEqual({ label: 'text', value: text })
  })

  it('refuses the decoy Permit: message keys that are not in the type would be shown but never signed (review H2)', () => {
    const decoys = Object.fromEntries(Array.from({ length: 8 }, (_, index) => [String(index), 'Free mint: nothing leaves your wallet']))
    expect(reason(JSON.stringify(permit(decoys)))).toBe('0 is not a field of Permit: it would not be signed')
    // Nested too.
    const types = { Outer: [{ name: 'inner', type: 'Inner' }], Inner: [{ name: 'a', type: 'uint8' }] }
    const nested = { domain: {}, types, primaryType: 'Outer', message: { inner: { a: 1, b: 2 } } }
    expect(reason(nested)).toBe('inner.b is not a field of Inner: it would not be signed')
  })

  it('refuses a Permit for another chain than the active one', () => {
    expect(reason(permit({}, { chainId: 1 }))).toBe("the domain's chainId 1 is not the active chain eip155:31337")
    const hexChain = permit({}, { chainId: '0x7a69' })
    expect(reason(hexChain, 'eip155:31338')).toBe("the domain's chainId 31337 is not the active chain eip155:31338")
    expect(reason(permit(), 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toMatch(/is not the active chain solana:/)
  })

  it('refuses a missing type, a primaryType absent from types, a missing field and unreadable data', () => {
    const base = { domain: {}, primaryType: 'Mail', message: { from: OWNER } }
    const mail = (...fields: Array<{ name: string; type: string }>) => ({ ...base, types: { Mail: fields } })
    expect(reason(mail({ name: 'from', type: 'Person' }))).toBe('type Person of Mail.from is not defined')
    expect(reason(mail({ name: 'from', type: 'uint7' }))).toBe('type uint7 of Mail.from is not defined')
    expect(reason({ ...base, types: { Letter: [{ name: 'from', type: 'address' }] } })).toBe('primaryType Mail is not in types')
    expect(reason({ ...base, primaryType: 'EIP712Domain', types: { EIP712Domain: [] } })).toBe('primaryType EIP712Domain is not in types')
    expect(reason(mail({ name: 'from', type: 'address' }, { name: 'to', type: 'address' }))).toBe('to is missing')
    expect(reason('{not json')).toBe('the typed data is not JSON')
    expect(reason(permit({}, { salt: '0x01', extra: 'shown nowhere' }))).toBe('domain key "extra" is not an EIP-712 domain field')
  })

  it('refuses values the signer would read otherwise than shown', () => {
    const one = (type: string, v: unknown) => ({ domain: {}, types: { T: [{ name: 'v', type }] }, primaryType: 'T', message: { v } })
    expect(reason(one('uint8', 256))).toBe('v is not a uint8')
    expect(reason(one('int8', '-129'))).toBe('v is not a int8')
    expect(reason(one('uint256', 1.5))).toBe('v is not a uint256')
    expect(reason(one('bool', 'false'))).toBe('v is not true or false')
    expect(reason(one('string', 5))).toBe('v is not text')
    expect(reason(one('bytes2', '0xabc'))).toBe('v is not bytes2 in hex')
    expect(reason(one('bytes', 'hello'))).toBe('v is not bytes in hex')
    expect(reason(one('address', '0x000000000000000000000000000000000000BEEF'))).toBe('v is not an address')
    expect(reason(one('uint8[2]', [1]))).toBe('v has 1 items, not 2')
    const deep = Array.from({ length: 19 }).reduce<unknown>((inner) => [inner], [1])
    expect(reason(one(`uint8${'[]'.repeat(20)}`, deep))).toMatch(/^v(\[0\]){16} is nested deeper than 16$/)
    expect(describeTypedData(one('int16', '-16'), ACTIVE).rows.at(-1)).toEqual({ label: 'v', value: '-16' })
    expect(describeTypedData(one('uint8[]', []), ACTIVE).rows.at(-1)).toEqual({ label: 'v', value: 'Empty list' })
  })

  it('refuses any message key outside the type and shows each signed field once, in type order (fast-check, seed 2026)', () => {
    const name = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,7}$/)
    const fields = fc.uniqueArray(name, { minLength: 1, maxLength: 6 })
    const values = fc.array(fc.nat(), { minLength: 6, maxLength: 6 })
    fc.assert(
      fc.property(fields, values, fc.option(name, { nil: undefined }), (names, numbers, extra) => {
        const message = Object.fromEntries(names.map((field, index) => [field, numbers[index]!]))
        const data = { domain: {}, types: { T: names.map((field) => ({ name: field, type: 'uint256' })) }, primaryType: 'T', message }
        if (extra !== undefined && !names.includes(extra)) {
          expect(() => describeTypedData({ ...data, message: { ...message, [extra]: 1 } }, ACTIVE)).toThrow(FrameInvalidRequestError)
        }
        const shown = describeTypedData(data, ACTIVE).rows.slice(5)
        expect(shown).toEqual(names.map((field, index) => ({ label: field, value: String(numbers[index]) })))
      }),
      { seed: 2026, numRuns: 200 },
    )
  })
})
