import { describe, expect, it } from 'vitest'
import { parseEther, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { checkSignedTransaction } from './checkSignedTransaction.js'
import { SignedSubmissionRefusedError } from '../keyShareErrors.js'

const user = privateKeyToAccount(generatePrivateKey())
const stranger = privateKeyToAccount(generatePrivateKey())
const transfer = { type: 'eip1559', chainId: 31337, nonce: 0, gas: 21_000n, maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n, to: stranger.address, value: parseEther('1') } as const
const expected = { sender: user.address, chainId: 31337 }

/** The refusal's sentence, or 'sent' when the transaction passes every check. */
async function verdict(serialized: Hex): Promise<string> {
  try {
    await checkSignedTransaction(serialized, expected)
    return 'sent'
  } catch (error) {
    expect(error).toBeInstanceOf(SignedSubmissionRefusedError)
    return (error as SignedSubmissionRefusedError).shortMessage
  }
}

describe('checkSignedTransaction (what /api/submit/transaction relays)', () => {
  it('positive control: the user’s own transfer on the chain, under the cap, passes', async () => {
    expect(await verdict(await user.signTransaction(transfer))).toBe('sent')
  })

  it('refuses a transaction signed by another key', async () => {
    expect(await verdict(await stranger.signTransaction(transfer))).toBe("Signed transaction refused: its signer is not this session's wallet; nothing was sent")
  })

  it('refuses another chain, a chainless (replayable) legacy transaction, and gas over the 3M cap', async () => {
    expect(await verdict(await user.signTransaction({ ...transfer, chainId: 1 }))).toBe('Signed transaction refused: it is for chain 1, not 31337; nothing was sent')
    expect(await verdict(await user.signTransaction({ type: 'legacy', nonce: 0, gas: 21_000n, gasPrice: 1n, to: stranger.address, value: 1n }))).toBe(
      'Signed transaction refused: it is for chain none (replayable), not 31337; nothing was sent',
    )
    expect(await verdict(await user.signTransaction({ ...transfer, gas: 3_000_001n }))).toBe('Signed transaction refused: its gas limit is over the 3000000 cap; nothing was sent')
  })

  it('refuses bytes that are no signed transaction', async () => {
    expect(await verdict('0x02c0')).toBe('Signed transaction refused: not a signed transaction; nothing was sent')
  })
})
