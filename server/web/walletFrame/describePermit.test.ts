import { describe, expect, it } from 'vitest'
import { maxUint256 } from 'viem'
import { describePermit } from './describePermit.js'
import { describeTypedData } from './describeTypedData.js'
import { formatDeadline } from './formatDeadline.js'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
const SPENDER = '0x000000000000000000000000000000000000bEEF'
const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const UNLIMITED = 'Unlimited amount: the spender can take all of this token from your account, now and later'
const MAX_UINT160 = 2n ** 160n - 1n

const field = (spec: string) => ({ name: spec.split(':')[0]!, type: spec.split(':')[1]! })
const PERMIT2_DOMAIN = { name: 'Permit2', chainId: 31337, verifyingContract: PERMIT2 }
/** describePermit of typed data describeTypedData accepted; types written as `name:type` lists. */
function read(types: Record<string, string[]>, primaryType: string, message: unknown, domain: Record<string, unknown> = PERMIT2_DOMAIN) {
  const structs = Object.fromEntries(Object.entries(types).map(([name, fields]) => [name, fields.map(field)]))
  return describePermit(describeTypedData({ domain, types: structs, primaryType, message }, 'eip155:31337').typedData)
}
const text = (rows: Array<{ label: string; value: string }>) => rows.map((row) => `${row.label}=${row.value}`)

const PERMIT = { Permit: ['owner:address', 'spender:address', 'value:uint256', 'nonce:uint256', 'deadline:uint256'] }
const DETAILS = ['token:address', 'amount:uint160', 'expiration:uint48', 'nonce:uint48']
const SINGLE = { PermitSingle: ['details:PermitDetails', 'spender:address', 'sigDeadline:uint256'], PermitDetails: DETAILS }
const BATCH = { PermitBatch: ['details:PermitDetails[]', 'spender:address', 'sigDeadline:uint256'], PermitDetails: DETAILS }
const TRANSFER_FROM = {
  PermitTransferFrom: ['permitted:TokenPermissions', 'spender:address', 'nonce:uint256', 'deadline:uint256'],
  TokenPermissions: ['token:address', 'amount:uint256'],
}
const ALLOWANCE_ACTION = 'Action=Permit2 allowance: lets the spender move your tokens through Permit2 until it expires'

describe('describePermit', () => {
  it('reads an EIP-2612 Permit: token contract from the domain, spender, amount, and an unlimited warning first', () => {
    const message = { owner: OWNER, spender: SPENDER, value: maxUint256.toString(), nonce: 0, deadline: 1893456000 }
    const rows = read(PERMIT, 'Permit', message, { name: 'USD Coin', chainId: 31337, verifyingContract: TOKEN })
    expect(text(rows)).toEqual([
      `Warning=${UNLIMITED}`,
      'Action=Permit: lets the spender move your tokens without another approval',
      `Token contract=${TOKEN}`,
      `Spender=${SPENDER}`,
      `Token amount=${maxUint256}`,
      'Valid until=2030-01-01 00:00:00 UTC (1893456000)',
    ])
    const below = { ...message, value: (2n ** 255n - 1n).toString(), deadline: maxUint256.toString() }
    const limited = read(PERMIT, 'Permit', below, { name: 'USD Coin' })
    expect(text(limited)).toEqual([
      'Action=Permit: lets the spender move your tokens without another approval',
      'Token contract=Not named',
      `Spender=${SPENDER}`,
      `Token amount=${2n ** 255n - 1n}`,
      `Valid until=Never (${maxUint256})`,
    ])
  })

  it('reads Permit2 PermitSingle and PermitBatch, unlimited at max uint160', () => {
    const single = read(SINGLE, 'PermitSingle', {
      details: { token: TOKEN, amount: MAX_UINT160.toString(), expiration: 1893456000, nonce: 0 },
      spender: SPENDER,
      sigDeadline: 1893456000,
    })
    expect(text(single)).toEqual([
      `Warning=${UNLIMITED}`,
      ALLOWANCE_ACTION,
      `Spender=${SPENDER}`,
      `Token contract=${TOKEN}`,
      `Token amount=${MAX_UINT160}`,
      'Allowance expires=2030-01-01 00:00:00 UTC (1893456000)',
      'Signature valid until=2030-01-01 00:00:00 UTC (1893456000)',
    ])
    const batch = read(BATCH, 'PermitBatch', {
      details: [
        { token: TOKEN, amount: 10, expiration: 0, nonce: 0 },
        { token: OWNER, amount: MAX_UINT160.toString(), expiration: 0, nonce: 0 },
      ],
      spender: SPENDER,
      sigDeadline: 0,
    })
    expect(text(batch).slice(0, 2)).toEqual([`Warning=Token 2: ${UNLIMITED}`, ALLOWANCE_ACTION])
    expect(text(batch)).toContain('Token amount 1=10')
    expect(text(batch)).toContain(`Token contract 2=${OWNER}`)
  })

  it('reads Permit2 PermitTransferFrom', () => {
    const message = { permitted: { token: TOKEN, amount: '1000' }, spender: SPENDER, nonce: 1, deadline: 1893456000 }
    const rows = read(TRANSFER_FROM, 'PermitTransferFrom', message)
    expect(text(rows)).toEqual([
      'Action=Permit2 transfer: lets the spender take this amount from your account once',
      `Token contract=${TOKEN}`,
      `Spender=${SPENDER}`,
      'Token amount=1000',
      'Valid until=2030-01-01 00:00:00 UTC (1893456000)',
    ])
  })

  it('gives other typed data, or a struct of the same name with other fields, no summary', () => {
    expect(read({ Mail: ['text:string'] }, 'Mail', { text: 'hi' })).toEqual([])
    expect(read({ Permit: ['spender:address', 'value:uint256'] }, 'Permit', { spender: SPENDER, value: maxUint256.toString() })).toEqual([])
    expect(read(SINGLE, 'PermitDetails', { token: TOKEN, amount: 1, expiration: 0, nonce: 0 })).toEqual([])
  })

  it('formats deadlines as UTC dates with the number signed', () => {
    expect(formatDeadline(0n)).toBe('1970-01-01 00:00:00 UTC (0)')
    expect(formatDeadline(2n ** 48n - 1n)).toBe(`Never (${2n ** 48n - 1n})`)
  })
})
