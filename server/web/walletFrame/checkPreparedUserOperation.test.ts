import { describe, expect, it } from 'vitest'
import { encodeFunctionData, parseAbi, parseEther, type Address } from 'viem'
import { getUserOperationHash } from 'viem/account-abstraction'
import { checkPreparedUserOperation, type PreparedUserOperation } from './checkPreparedUserOperation.js'
import { FrameInvalidRequestError } from './errors.js'
import { USER_OPERATION_GAS } from '../../secureSite/userOperationGas.js'

const sender: Address = '0x1111111111111111111111111111111111111111'
const entryPoint: Address = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108'
const friend: Address = '0x000000000000000000000000000000000000bA7c'
const thief: Address = '0x000000000000000000000000000000000000dEaD'
const execute = parseAbi(['function execute(address target, uint256 value, bytes data)'])
const approved = { method: 'wallet_sendCalls', chainId: 'eip155:31337', sender, calls: [{ to: friend, value: parseEther('1') }] }

/** What a server prepares for one call of `to`. */
const preparedFor = (to: Address, from = sender): PreparedUserOperation => ({
  userOperation: { sender: from, nonce: '0x5', callData: encodeFunctionData({ abi: execute, functionName: 'execute', args: [to, parseEther('1'), '0x'] }) },
  userOpHash: '0x',
  entryPoint,
})

describe('checkPreparedUserOperation (the frame before it signs a UserOperation hash)', () => {
  it('positive control: the approved call from the user’s account gives the hash the frame computes itself, not the server’s', () => {
    const prepared = { ...preparedFor(friend), userOpHash: `0x${'ab'.repeat(32)}` as const }
    const hash = checkPreparedUserOperation(prepared, approved)
    const userOperation = { ...prepared.userOperation, nonce: 5n, ...USER_OPERATION_GAS, signature: '0x' as const }
    expect(hash).toBe(getUserOperationHash({ userOperation, entryPointAddress: entryPoint, entryPointVersion: '0.8', chainId: 31337 }))
    expect(hash).not.toBe(prepared.userOpHash)
  })

  it('refuses an operation that pays someone else, or runs from another account', () => {
    expect(() => checkPreparedUserOperation(preparedFor(thief), approved)).toThrow(FrameInvalidRequestError)
    expect(() => checkPreparedUserOperation(preparedFor(friend, thief), approved)).toThrow(FrameInvalidRequestError)
  })
})
