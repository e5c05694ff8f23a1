import { isAddressEqual, parseTransaction, recoverTransactionAddress, type Address, type Hex } from 'viem'
import { MAX_CALL_GAS } from '../../rpc/capCallGas.js'
import { SignedSubmissionRefusedError } from '../keyShareErrors.js'

/** The types the frame signs; EIP-7702 (delegating the account) and blob transactions are never sent for a user. */
const SENDABLE_TYPES = new Set(['legacy', 'eip2930', 'eip1559'])

/**
 * Checks a raw transaction the frame signed before the server relays it: it is signed by the
 * session's user (the sender recovered from the bytes), names the chain it is sent on (no
 * replayable chainless legacy transaction), and asks at most the node gas cap.
 *
 * @param serialized - the signed transaction, as `eth_sendRawTransaction` takes it
 * @param expected - the session user's EVM address and the chain's id
 * @throws SignedSubmissionRefusedError naming the first check that failed
 */
export async function checkSignedTransaction(serialized: Hex, expected: { sender: Address; chainId: number }): Promise<void> {
  const refuse = (reason: string, cause?: unknown) => new SignedSubmissionRefusedError({ what: 'transaction', reason, cause })
  let transaction: ReturnType<typeof parseTransaction>
  let sender: Address
  try {
    transaction = parseTransaction(serialized)
    sender = await recoverTransactionAddress({ serializedTransaction: serialized as Parameters<typeof recoverTransactionAddress>[0]['serializedTransaction'] })
  } catch (error) {
    throw refuse('not a signed transaction', error)
  }
  if (!transaction.type || !SENDABLE_TYPES.has(transaction.type)) throw refuse(`type ${transaction.type ?? 'unknown'} is not sent for a wallet user`)
  if (transaction.chainId !== expected.chainId) throw refuse(`it is for chain ${transaction.chainId ?? 'none (replayable)'}, not ${expected.chainId}`)
  if (transaction.gas === undefined || transaction.gas > MAX_CALL_GAS) throw refuse(`its gas limit is over the ${MAX_CALL_GAS} cap`)
  if (!isAddressEqual(sender, expected.sender)) throw refuse("its signer is not this session's wallet")
}
