import { describe, expect, it } from 'vitest'
import { base58 } from '@scure/base'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
  type Instruction,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { getApproveInstruction, getTransferCheckedInstruction } from '@solana-program/token'
import { describeSolanaTransaction } from './describeSolanaTransaction.js'
import { FrameInvalidRequestError } from './errors.js'

// Real wire transactions, built with @solana/kit and the programs' own instruction builders, as a
// dapp builds them: the card must say what each instruction does, in words.
const PAYER = address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')
const RECEIVER = address('9QeZpe3MsJxh7oQymzJSV3f7xrKnRkZbjKXDjU5xAHfQ')
const MINT = address('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')
const TOKEN_ACCOUNT = address('4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T')
const BLOCKHASH = { blockhash: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY' as Blockhash, lastValidBlockHeight: 100n }

function wire(...instructions: Instruction[]): string {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayer(PAYER, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(BLOCKHASH, draft),
    (draft) => appendTransactionMessageInstructions(instructions, draft),
  )
  return base58.encode(new Uint8Array(getTransactionEncoder().encode(compileTransaction(message))))
}

const payer = createNoopSigner(PAYER)

describe('describeSolanaTransaction', () => {
  it('names the fee payer and decodes a SOL transfer', () => {
    const transfer = getTransferSolInstruction({ source: payer, destination: RECEIVER, amount: 200_000_000n })
    expect(describeSolanaTransaction(wire(transfer), 'solana_signTransaction')).toEqual([
      { label: 'Fee payer', value: PAYER },
      { label: 'Instruction 1', value: `Send 0.2 SOL from ${PAYER} to ${RECEIVER}` },
    ])
  })

  it('decodes an SPL transfer with its mint and decimals, and warns on an unlimited approval', () => {
    const transfer = getTransferCheckedInstruction({ source: TOKEN_ACCOUNT, mint: MINT, destination: RECEIVER, authority: payer, amount: 1_500_000n, decimals: 6 })
    const approval = getApproveInstruction({ source: TOKEN_ACCOUNT, delegate: RECEIVER, owner: payer, amount: 2n ** 64n - 1n })
    expect(describeSolanaTransaction(wire(transfer, approval), 'solana_signAndSendTransaction')).toEqual([
      { label: 'Fee payer', value: PAYER },
      { label: 'Instruction 1', value: `Send 1.5 of token ${MINT} to token account ${RECEIVER}` },
      { label: 'Instruction 2', value: `Allow ${RECEIVER} to spend ${2n ** 64n - 1n} base units of the token in ${TOKEN_ACCOUNT}` },
      { label: 'Warning', value: 'This allows spending every token of this kind in the account, now and later' },
    ])
  })

  it('flags an instruction to a program it cannot decode, and shows its data whole', () => {
    const unknown: Instruction = { programAddress: RECEIVER, accounts: [], data: new Uint8Array([0xde, 0xad, 0xbe, 0xef]) }
    expect(describeSolanaTransaction(wire(unknown), 'solana_signTransaction')).toEqual([
      { label: 'Fee payer', value: PAYER },
      { label: 'Warning', value: `Instruction 1 calls program ${RECEIVER}, which this wallet cannot decode: approve only if you trust this site` },
      { label: 'Instruction 1', value: `Unknown instruction to ${RECEIVER}: 0 accounts, data 0xdeadbeef` },
    ])
  })

  it('refuses what it cannot read rather than show a blob', () => {
    expect(() => describeSolanaTransaction('z'.repeat(600), 'solana_signTransaction')).toThrow(FrameInvalidRequestError)
    expect(() => describeSolanaTransaction(undefined, 'solana_signTransaction')).toThrow(FrameInvalidRequestError)
  })
})
