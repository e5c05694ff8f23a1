import { describe, expect, it } from 'vitest'
import { base58 } from '@scure/base'
import { describeRequest } from './describeRequest.js'

const hex = (text: string) => `0x${Buffer.from(text).toString('hex')}`

describe('describeRequest', () => {
  it('shows a personal_sign message as text when it is UTF-8, else as the hex it is', () => {
    expect(describeRequest('personal_sign', [hex('Log in to <Shop>'), '0x0'])).toEqual({ title: 'Sign a message', rows: [{ label: 'Message', value: 'Log in to <Shop>' }] })
    expect(describeRequest('personal_sign', ['0xff00', '0x0']).rows[0]!.value).toBe('0xff00')
    expect(describeRequest('personal_sign', ['plain words', '0x0']).rows[0]!.value).toBe('plain words')
  })

  it('shows a transaction’s receiver and value in ETH', () => {
    expect(describeRequest('eth_sendTransaction', [{ to: '0x000000000000000000000000000000000000dEaD', value: '0x3782dace9d90000' }])).toEqual({
      title: 'Send a transaction',
      rows: [
        { label: 'To', value: '0x000000000000000000000000000000000000dEaD' },
        { label: 'Amount', value: '0.25 ETH' },
      ],
    })
    expect(describeRequest('eth_sendTransaction', [{ value: 'junk', data: '0x60' }]).rows).toEqual([
      { label: 'To', value: 'New contract' },
      { label: 'Amount', value: '0 ETH' },
      { label: 'Data', value: '0x60' },
    ])
  })

  it('shows typed data’s primary type and domain name, and survives junk', () => {
    const typed = JSON.stringify({ primaryType: 'Permit', domain: { name: 'USD Coin' }, types: {}, message: { spender: '0xabc', value: '1000000', nested: { a: 1 } } })
    expect(describeRequest('eth_signTypedData_v4', ['0x0', typed]).rows).toEqual([
      { label: 'Type', value: 'Permit' },
      { label: 'Domain', value: 'USD Coin' },
      { label: 'spender', value: '0xabc' },
      { label: 'value', value: '1000000' },
      { label: 'nested', value: '{"a":1}' },
    ])
    expect(describeRequest('eth_signTypedData_v4', ['0x0', '{not json']).rows).toEqual([
      { label: 'Type', value: 'Unknown' },
      { label: 'Domain', value: 'Unnamed' },
    ])
  })

  it('shows each wallet_sendCalls call with its receiver, value and data', () => {
    const token = '0x000000000000000000000000000000000000bEEF'
    const transfer = '0xa9059cbb000000000000000000000000000000000000000000000000000000000000dead00000000000000000000000000000000000000000000000000000000000003e8'
    expect(describeRequest('wallet_sendCalls', [{ chainId: '0x7a69', calls: [{ to: token, data: transfer }, { to: token, value: '0x3782dace9d90000', data: '0x' }] }])).toEqual({
      title: 'Send 2 calls',
      rows: [
        { label: 'Call 1', value: `${token}: 0 ETH` },
        { label: 'Call 1 data', value: transfer },
        { label: 'Call 2', value: `${token}: 0.25 ETH` },
      ],
    })
  })

  it('decodes a Solana message from base58', () => {
    expect(describeRequest('solana_signMessage', { message: base58.encode(Buffer.from('gm')), pubkey: 'x' }).rows).toEqual([{ label: 'Message', value: 'gm' }])
  })
})
