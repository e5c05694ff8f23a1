import { encodeFunctionData, isAddressEqual, parseAbi, type Address, type Hex } from 'viem'
import { getUserOperationHash, type UserOperation } from 'viem/account-abstraction'
import type { TransactionRequest } from './fillTransaction.js'
import { FrameInvalidRequestError } from './errors.js'
import { USER_OPERATION_GAS } from '../../secureSite/userOperationGas.js'

/** The server's answer to `/api/prepare/userOperation`: what the owner signs, as JSON. */
export interface PreparedUserOperation {
  userOperation: { sender: Address; nonce: Hex; callData: Hex; factory?: Address; factoryData?: Hex }
  userOpHash: Hex
  entryPoint: Address
}

// LatchSmartAccount's two entry points (server/chains/artifacts): one call, or all of several.
const ACCOUNT_ABI = parseAbi(['function execute(address target, uint256 value, bytes data)', 'function executeBatch((address target, uint256 value, bytes data)[] calls)'])

/**
 * The hash the frame signs for a UserOperation the server prepared, once the frame checked that
 * it runs exactly the approved calls from the user's smart account: the frame computes the hash
 * itself, so a server cannot have the owner sign another operation under an approved card.
 *
 * @throws FrameInvalidRequestError when the operation is not the approved one
 */
export function checkPreparedUserOperation(prepared: PreparedUserOperation, expected: { method: string; chainId: string; sender: Address; calls: TransactionRequest[] }): Hex {
  const { method, calls } = expected
  const callData =
    calls.length === 1
      ? encodeFunctionData({ abi: ACCOUNT_ABI, functionName: 'execute', args: [calls[0]!.to!, calls[0]!.value ?? 0n, calls[0]!.data ?? '0x'] })
      : encodeFunctionData({ abi: ACCOUNT_ABI, functionName: 'executeBatch', args: [calls.map((call) => ({ target: call.to!, value: call.value ?? 0n, data: call.data ?? '0x' }))] })
  const operation = prepared.userOperation
  if (!isAddressEqual(operation.sender, expected.sender) || operation.callData.toLowerCase() !== callData.toLowerCase())
    throw new FrameInvalidRequestError({ method, reason: 'the prepared operation is not the approved one' })
  const userOperation: UserOperation<'0.8'> = { ...operation, nonce: BigInt(operation.nonce), ...USER_OPERATION_GAS, signature: '0x' }
  return getUserOperationHash({ userOperation, entryPointAddress: prepared.entryPoint, entryPointVersion: '0.8', chainId: Number(expected.chainId.split(':')[1]) })
}
