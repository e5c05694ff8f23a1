import { base58 } from '@scure/base'
import {
  decompileTransactionMessage,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Instruction,
  type InstructionWithAccounts,
  type InstructionWithData,
  type AccountMeta,
  type ReadonlyUint8Array,
} from '@solana/kit'
import { SYSTEM_PROGRAM_ADDRESS, SystemInstruction, identifySystemInstruction, parseTransferSolInstruction } from '@solana-program/system'
import {
  TOKEN_PROGRAM_ADDRESS,
  TokenInstruction,
  identifyTokenInstruction,
  parseApproveCheckedInstruction,
  parseApproveInstruction,
  parseTransferCheckedInstruction,
  parseTransferInstruction,
} from '@solana-program/token'
import type { RequestRow } from './describeRequest.js'
import { FrameInvalidRequestError } from './errors.js'
import { t } from './frameText.js'

/** Programs whose instructions move nothing of the visitor's: named, not flagged. */
const HARMLESS_PROGRAMS: Record<string, Parameters<typeof t>[0]> = {
  ComputeBudget111111111111111111111111111111: 'solana.computeBudget',
  ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL: 'solana.createTokenAccount',
  MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr: 'solana.memo',
}

type DecodedInstruction = Instruction & InstructionWithAccounts<readonly AccountMeta[]> & InstructionWithData<ReadonlyUint8Array>

/**
 * The card's rows for a serialized Solana transaction (base58, as the kit's provider sends it):
 * the fee payer, then each instruction in words: SOL transfers, SPL token transfers and
 * approvals decoded; compute-budget, memo and token-account creation named; anything else a
 * warning that names its program and that it is not decoded. A transaction that cannot be read,
 * or one that loads accounts from address lookup tables (the card could not name them), is
 * refused rather than shown as an opaque blob.
 *
 * @param transaction - the base58 wire transaction
 * @param method - the signing method, for the refusal's message
 * @returns the rows, warnings among them labelled 'Warning'
 * @throws FrameInvalidRequestError when the transaction cannot be decoded
 *
 * @example
 * describeSolanaTransaction(base58Tx, 'solana_signAndSendTransaction')
 * // [{ label: 'Fee payer', value: '7xK…' }, { label: 'Instruction 1', value: 'Send 0.2 SOL from 7xK… to 9Qe…' }]
 */
export function describeSolanaTransaction(transaction: unknown, method: string): RequestRow[] {
  let instructions: readonly DecodedInstruction[]
  let feePayer: string
  try {
    const wire = getTransactionDecoder().decode(base58.decode(typeof transaction === 'string' ? transaction : ''))
    const compiled = getCompiledTransactionMessageDecoder().decode(wire.messageBytes)
    if ('addressTableLookups' in compiled && (compiled.addressTableLookups?.length ?? 0) > 0)
      throw new Error('the transaction loads accounts from address lookup tables, which the card cannot name')
    const message = decompileTransactionMessage(compiled)
    instructions = message.instructions as readonly DecodedInstruction[]
    feePayer = message.feePayer.address
  } catch (error) {
    throw new FrameInvalidRequestError({ method, reason: error instanceof Error && error.message.includes('lookup') ? error.message : 'the transaction cannot be decoded' })
  }
  const rows: RequestRow[] = [{ label: t('row.feePayer'), value: feePayer }]
  instructions.forEach((instruction, index) => rows.push(...describeInstruction(instruction, t('row.instruction', { n: index + 1 }))))
  return rows
}

function describeInstruction(instruction: DecodedInstruction, label: string): RequestRow[] {
  const program = instruction.programAddress
  try {
    if (program === SYSTEM_PROGRAM_ADDRESS && identifySystemInstruction(instruction) === SystemInstruction.TransferSol) {
      const { accounts, data } = parseTransferSolInstruction(instruction)
      return [{ label, value: t('solana.sendSol', { amount: formatUnits(data.amount, 9), from: accounts.source.address, to: accounts.destination.address }) }]
    }
    if (program === TOKEN_PROGRAM_ADDRESS) {
      const described = describeTokenInstruction(instruction)
      if (described) return described.map((value, row) => ({ label: row === 0 ? label : t('row.warning'), value }))
    }
  } catch {
    // A known program's instruction that does not parse is as unknown as any other.
  }
  const harmlessKey = HARMLESS_PROGRAMS[program]
  const harmless = harmlessKey && t(harmlessKey)
  if (harmless) return [{ label, value: harmless }]
  return [
    { label: t('row.warning'), value: t('solana.unknownProgramWarning', { label, program }) },
    { label, value: t('solana.unknownInstruction', { program, accounts: instruction.accounts?.length ?? 0, data: toHex(instruction.data) }) },
  ]
}

/** An SPL token transfer or approval in words; the first line is the instruction, any further ones warnings. */
function describeTokenInstruction(instruction: DecodedInstruction): string[] | undefined {
  switch (identifyTokenInstruction(instruction)) {
    case TokenInstruction.Transfer: {
      const { accounts, data } = parseTransferInstruction(instruction)
      // The unchecked form carries no mint or decimals: the amount is in the token's smallest units.
      return [t('solana.sendBaseUnits', { amount: String(data.amount), from: accounts.source.address, to: accounts.destination.address })]
    }
    case TokenInstruction.TransferChecked: {
      const { accounts, data } = parseTransferCheckedInstruction(instruction)
      return [t('solana.sendToken', { amount: formatUnits(data.amount, data.decimals), mint: accounts.mint.address, to: accounts.destination.address })]
    }
    case TokenInstruction.Approve: {
      const { accounts, data } = parseApproveInstruction(instruction)
      return withUnlimited(data.amount, t('solana.allowBaseUnits', { delegate: accounts.delegate.address, amount: String(data.amount), from: accounts.source.address }))
    }
    case TokenInstruction.ApproveChecked: {
      const { accounts, data } = parseApproveCheckedInstruction(instruction)
      return withUnlimited(data.amount, t('solana.allowToken', { delegate: accounts.delegate.address, amount: formatUnits(data.amount, data.decimals), mint: accounts.mint.address }))
    }
    default:
      return undefined
  }
}

const U64_MAX = 2n ** 64n - 1n

function withUnlimited(amount: bigint, line: string): string[] {
  return amount === U64_MAX ? [line, t('solana.unlimited')] : [line]
}

function formatUnits(amount: bigint, decimals: number): string {
  const unit = 10n ** BigInt(decimals)
  const fraction = (amount % unit).toString().padStart(decimals, '0').replace(/0+$/, '')
  return fraction ? `${amount / unit}.${fraction}` : `${amount / unit}`
}

const toHex = (bytes: ReadonlyUint8Array | undefined) => Array.from(bytes ?? [], (byte) => byte.toString(16).padStart(2, '0')).join('')
