import { describe, expect, it } from 'vitest'
import { base58 } from '@scure/base'
import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import { describeRequest } from './describeRequest.js'
import { FrameInvalidRequestError } from './errors.js'

const hex = (text: string) => `0x${Buffer.from(text).toString('hex')}`

const CHAIN = { chainId: 'eip155:31337', account: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' }
const EVM = [
  { label: 'Network', value: 'Local chain 31337' },
  { label: 'Account', value: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
]
const TOKEN = '0x000000000000000000000000000000000000bEEF'
const DEAD = '0x000000000000000000000000000000000000dEaD'

describe('describeRequest', () => {
  it('shows a personal_sign message as text when it is UTF-8, else as the hex it is, then the chain and the account', () => {
    expect(describeRequest('personal_sign', [hex('Log in to <Shop>'), '0x0'], CHAIN)).toEqual({
      title: 'Sign a message',
      rows: [{ label: 'Message', value: 'Log in to <Shop>' }, ...EVM],
    })
    expect(describeRequest('personal_sign', ['0xff00', '0x0'], CHAIN).rows[0]!.value).toBe('0xff00')
    expect(describeRequest('personal_sign', ['plain words', '0x0'], CHAIN).rows[0]!.value).toBe('plain words')
    expect(describeRequest('personal_sign', ['hi'], { chainId: 'eip155:1' }).rows.slice(1)).toEqual([
      { label: 'Network', value: 'Ethereum (chain 1)' },
      { label: 'Account', value: 'Not named' },
    ])
  })

  it('shows a transaction’s receiver and value in ETH, and its calldata decoded or whole', () => {
    expect(describeRequest('eth_sendTransaction', [{ to: DEAD, value: '0x3782dace9d90000' }], CHAIN)).toEqual({
      title: 'Send a transaction',
      rows: [{ label: 'To', value: DEAD }, { label: 'Amount', value: '0.25 ETH' }, ...EVM],
    })
    expect(describeRequest('eth_sendTransaction', [{ value: 'junk', data: '0x60' }], CHAIN).rows).toEqual([
      { label: 'To', value: 'New contract' },
      { label: 'Amount', value: '0 ETH' },
      { label: 'Action', value: 'Create a contract' },
      { label: 'Contract code (1 byte)', value: '0x60' },
      ...EVM,
    ])
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [DEAD, maxUint256] })
    expect(describeRequest('eth_sendTransaction', [{ to: TOKEN, data: approve }], CHAIN).rows.map((row) => row.label)).toEqual([
      'Warning',
      'To',
      'Amount',
      'Action',
      'Token contract',
      'Spender',
      'Token amount (or NFT id)',
      'Network',
      'Account',
    ])
  })

  it('shows typed data as signed: a Permit’s summary and warning first, then its type, domain and fields', () => {
    const typed = JSON.stringify({
      primaryType: 'Permit',
      domain: { name: 'USD Coin', chainId: 31337, verifyingContract: TOKEN },
      types: {
        Permit: ['owner:address', 'spender:address', 'value:uint256', 'nonce:uint256', 'deadline:uint256'].map((spec) => {
          const [name, type] = spec.split(':')
          return { name, type }
        }),
      },
      message: { owner: CHAIN.account, spender: TOKEN, value: maxUint256.toString(), nonce: 0, deadline: 0 },
    })
    const { title, rows } = describeRequest('eth_signTypedData_v4', [CHAIN.account, typed], CHAIN)
    expect(title).toBe('Sign typed data')
    expect(rows.map((row) => row.label)).toEqual([
      'Warning',
      'Action',
      'Token contract',
      'Spender',
      'Token amount',
      'Valid until',
      'Type',
      'Domain',
      'Domain version',
      'Domain chain',
      'Verifying contract',
      'owner',
      'spender',
      'value',
      'nonce',
      'deadline',
      'Network',
      'Account',
    ])
    expect(rows[0]!.value).toMatch(/^Unlimited amount/)
    // The card cannot show what would be signed: no card at all.
    expect(() => describeRequest('eth_signTypedData_v4', ['0x0', '{not json'], CHAIN)).toThrow(FrameInvalidRequestError)
    const otherChain = { chainId: 'eip155:31338' }
    expect(() => describeRequest('eth_signTypedData_v4', ['0x0', typed], otherChain)).toThrow('Invalid parameters for eth_signTypedData_v4')
  })

  it('shows each wallet_sendCalls call with its receiver, value and decoded data, warnings first', () => {
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [DEAD, 1000n] })
    const calls = [
      { to: TOKEN, data: transfer },
      { to: TOKEN, value: '0x3782dace9d90000', data: '0xdeadbeef' },
    ]
    expect(describeRequest('wallet_sendCalls', [{ chainId: '0x7a69', calls }], CHAIN)).toEqual({
      title: 'Send 2 calls',
      rows: [
        { label: 'Warning', value: 'Call 2: Unknown contract call: this wallet cannot read what it does; check the data below' },
        { label: 'Call 1', value: `${TOKEN}: 0 ETH` },
        { label: 'Call 1: Action', value: 'Send tokens' },
        { label: 'Call 1: Token contract', value: TOKEN },
        { label: 'Call 1: Recipient', value: DEAD },
        { label: 'Call 1: Token amount', value: '1000' },
        { label: 'Call 2', value: `${TOKEN}: 0.25 ETH` },
        { label: 'Call 2: Data (4 bytes)', value: '0xdeadbeef' },
        ...EVM,
      ],
    })
  })

  it('decodes a Solana message from base58 and names the network and account; refuses a transaction it cannot read', () => {
    const solana = { chainId: 'solana:x', account: 'x' }
    const message = { message: base58.encode(Buffer.from('gm')), pubkey: 'x' }
    expect(describeRequest('solana_signMessage', message, solana).rows).toEqual([
      { label: 'Message', value: 'gm' },
      { label: 'Network', value: 'solana:x' },
      { label: 'Account', value: 'x' },
    ])
    // Decoded instruction by instruction (describeSolanaTransaction.test); an opaque blob is refused, never shown.
    expect(() => describeRequest('solana_signTransaction', { transaction: 'z'.repeat(600) }, solana)).toThrow(FrameInvalidRequestError)
  })
})
