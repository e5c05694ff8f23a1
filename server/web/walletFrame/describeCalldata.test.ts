import { describe, expect, it } from 'vitest'
import { concat, encodeFunctionData, erc20Abi, erc721Abi, maxUint256, parseAbi } from 'viem'
import { describeCalldata } from './describeCalldata.js'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const SPENDER = '0x000000000000000000000000000000000000bEEF'
const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const UNLIMITED = 'Unlimited amount: the spender can take all of this token from your account, now and later'

describe('describeCalldata', () => {
  it('reads an ERC-20 approve: token contract, spender and amount, with a warning first when unlimited', () => {
    const approve = (amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, amount] })
    expect(describeCalldata(TOKEN.toLowerCase(), approve(1_000_000n))).toEqual([
      { label: 'Action', value: 'Approve a spender' },
      { label: 'Token contract', value: TOKEN },
      { label: 'Spender', value: SPENDER },
      { label: 'Token amount (or NFT id)', value: '1000000' },
    ])
    expect(describeCalldata(TOKEN, approve(maxUint256))[0]).toEqual({ label: 'Warning', value: UNLIMITED })
    expect(describeCalldata(TOKEN, approve(2n ** 255n))[0]).toEqual({ label: 'Warning', value: UNLIMITED })
    expect(describeCalldata(TOKEN, approve(2n ** 255n - 1n))[0]!.label).toBe('Action')
  })

  it('reads transfer, transferFrom, increaseAllowance, safeTransferFrom, setApprovalForAll and Permit2 approve', () => {
    const text = (data: `0x${string}`) => describeCalldata(TOKEN, data).map((row) => `${row.label}=${row.value}`)
    expect(text(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SPENDER, 5n] }))).toEqual([
      'Action=Send tokens',
      `Token contract=${TOKEN}`,
      `Recipient=${SPENDER}`,
      'Token amount=5',
    ])
    expect(text(encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [OWNER, SPENDER, 7n] }))).toEqual([
      'Action=Move tokens from an account',
      `Token contract=${TOKEN}`,
      `From=${OWNER}`,
      `Recipient=${SPENDER}`,
      'Token amount (or NFT id)=7',
    ])
    const increaseAbi = parseAbi(['function increaseAllowance(address, uint256)'])
    const increase = encodeFunctionData({ abi: increaseAbi, functionName: 'increaseAllowance', args: [SPENDER, maxUint256] })
    expect(text(increase)[0]).toBe(`Warning=${UNLIMITED}`)
    expect(text(encodeFunctionData({ abi: erc721Abi, functionName: 'safeTransferFrom', args: [OWNER, SPENDER, 42n, '0xbeef'] }))).toEqual([
      'Action=Send an NFT',
      `NFT contract=${TOKEN}`,
      `From=${OWNER}`,
      `Recipient=${SPENDER}`,
      'NFT id=42',
      'Data for the recipient=0xbeef',
    ])
    expect(text(encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [SPENDER, true] }))).toEqual([
      'Warning=Unlimited approval: the operator can move every NFT you hold in this collection, now and later',
      'Action=Approve an operator for all your NFTs in this collection',
      `NFT contract=${TOKEN}`,
      `Operator=${SPENDER}`,
    ])
    const revoke = encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [SPENDER, false] })
    expect(text(revoke)[0]).toBe('Action=Revoke an operator of your NFTs in this collection')
    const permit2 = parseAbi(['function approve(address token, address spender, uint160 amount, uint48 expiration)'])
    const allowance = encodeFunctionData({ abi: permit2, functionName: 'approve', args: [OWNER, SPENDER, 2n ** 160n - 1n, 1893456000] })
    expect(text(allowance)).toEqual([
      'Warning=Unlimited amount: the spender can take all of this token from your account, now and later',
      'Action=Permit2 allowance: lets the spender move your tokens through Permit2 until it expires',
      `Permit2 contract=${TOKEN}`,
      `Token contract=${OWNER}`,
      `Spender=${SPENDER}`,
      `Token amount=${2n ** 160n - 1n}`,
      'Allowance expires=2030-01-01 00:00:00 UTC (1893456000)',
    ])
  })

  it('flags any other data as an unknown contract call and shows it whole', () => {
    const unknown = `0xdeadbeef${'ab'.repeat(300)}` as const
    expect(describeCalldata(TOKEN, unknown)).toEqual([
      { label: 'Warning', value: 'Unknown contract call: this wallet cannot read what it does; check the data below' },
      { label: 'Data (304 bytes)', value: unknown },
    ])
    // A known selector with bytes appended is not what its decoding says: unknown too.
    const padded = concat([encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SPENDER, 5n] }), '0x01'])
    expect(describeCalldata(TOKEN, padded)[0]!.value).toMatch(/^Unknown contract call/)
    expect(describeCalldata(TOKEN, 'junk')).toEqual([
      { label: 'Warning', value: 'Unknown contract call: this wallet cannot read what it does; check the data below' },
      { label: 'Data', value: 'junk' },
    ])
    expect(describeCalldata(TOKEN, '0x')).toEqual([])
    expect(describeCalldata(undefined, '0x6080')).toEqual([
      { label: 'Action', value: 'Create a contract' },
      { label: 'Contract code (2 bytes)', value: '0x6080' },
    ])
  })

  it('names the call in a batch before each label and warning', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, maxUint256] })
    expect(describeCalldata(TOKEN, data, 'Call 2: ').slice(0, 2)).toEqual([
      { label: 'Warning', value: `Call 2: ${UNLIMITED}` },
      { label: 'Call 2: Action', value: 'Approve a spender' },
    ])
  })
})
