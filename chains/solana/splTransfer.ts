import { PublicKey, SystemProgram, TransactionInstruction, type Connection } from '@solana/web3.js'
import { NotTokenMintError } from '../errors/chain.js'

// The two SPL instructions a token send needs, built on @solana/web3.js alone. @solana/spl-token
// reads a global `Buffer` that browsers do not have (a host page would need a Node polyfill), and
// it is not a dependency a host installs; the instruction layouts are small and fixed.
const TOKEN_PROGRAM_ID = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
const ASSOCIATED_TOKEN_PROGRAM_ID = new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')
/** The associated-token program's CreateIdempotent: succeeds when the account already exists. */
const CREATE_IDEMPOTENT = 1
/** The token program's TransferChecked: the mint's decimals must match, so a wrong amount scale fails. */
const TRANSFER_CHECKED = 12
/** Where a mint account stores its decimals (after the mint authority option and the supply). */
const MINT_DECIMALS_OFFSET = 44

/** The owner's associated token account for a mint: the address every wallet looks at. */
export function associatedTokenAddress(mint: PublicKey, owner: PublicKey): PublicKey {
  return PublicKey.findProgramAddressSync([owner.toBytes(), TOKEN_PROGRAM_ID.toBytes(), mint.toBytes()], ASSOCIATED_TOKEN_PROGRAM_ID)[0]
}

/** Reads a mint's decimals from the chain, for a token whose balance entry did not say. */
export async function readMintDecimals(connection: Connection, mint: PublicKey): Promise<number> {
  const info = await connection.getAccountInfo(mint)
  if (!info || !info.owner.equals(TOKEN_PROGRAM_ID) || info.data.length <= MINT_DECIMALS_OFFSET) throw new NotTokenMintError({ mint: mint.toBase58() })
  return info.data[MINT_DECIMALS_OFFSET]!
}

/**
 * The instructions that move `amount` base units of `mint` from the owner's token account to the
 * recipient's, creating the recipient's account first when it has none (the owner pays its rent).
 */
export function splTransferInstructions(params: { owner: PublicKey; recipient: PublicKey; mint: PublicKey; amount: bigint; decimals: number }): TransactionInstruction[] {
  const { owner, recipient, mint, amount, decimals } = params
  const source = associatedTokenAddress(mint, owner)
  const destination = associatedTokenAddress(mint, recipient)
  const createDestination = new TransactionInstruction({
    programId: ASSOCIATED_TOKEN_PROGRAM_ID,
    keys: [
      { pubkey: owner, isSigner: true, isWritable: true },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: recipient, isSigner: false, isWritable: false },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
      { pubkey: TOKEN_PROGRAM_ID, isSigner: false, isWritable: false },
    ],
    data: toInstructionData(Uint8Array.of(CREATE_IDEMPOTENT)),
  })
  const transferData = new Uint8Array(10)
  const view = new DataView(transferData.buffer)
  view.setUint8(0, TRANSFER_CHECKED)
  view.setBigUint64(1, amount, true)
  view.setUint8(9, decimals)
  const transfer = new TransactionInstruction({
    programId: TOKEN_PROGRAM_ID,
    keys: [
      { pubkey: source, isSigner: false, isWritable: true },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: true, isWritable: false },
    ],
    data: toInstructionData(transferData),
  })
  return [createDestination, transfer]
}

/** web3.js types instruction data as Node's Buffer but only reads it as bytes. */
function toInstructionData(bytes: Uint8Array): TransactionInstruction['data'] {
  return bytes as TransactionInstruction['data']
}
