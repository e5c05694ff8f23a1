import { getCompiledTransactionMessageDecoder, type Transaction } from '@solana/kit'
import { parseTokenAccount, TOKEN_PROGRAM_ID } from './splLayouts.js'

/** One movement of SOL or an SPL token inside a processed transaction, by owner. */
export interface SolanaTransfer {
  signature: string
  slot: number
  /** When the cluster processed it (ms since the epoch). */
  processedAt: number
  feePayer: string
  /** The token's mint; absent for SOL. */
  mint?: string
  sender: string
  recipient: string
  /** In base units (lamports, or the token's). */
  amount: bigint
}

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const SYSTEM_TRANSFER = 2
const TOKEN_TRANSFER = 3
const TOKEN_TRANSFER_CHECKED = 12

/**
 * The transfers the local cluster processed, for the history route: a real node keeps them in
 * its ledger, litesvm keeps none we can query by account. Read from each transaction's own
 * instructions (System transfers, SPL Transfer and TransferChecked), token accounts resolved to
 * their owners after the transaction landed. In memory, like the cluster itself.
 */
export class SolanaTransferLog {
  private readonly transfers: SolanaTransfer[] = []
  private readonly decodeMessage = getCompiledTransactionMessageDecoder()

  /**
   * Notes a processed transaction's transfers.
   *
   * @param readAccount - the account's data now, to find a token account's owner and mint
   */
  record(tx: Transaction, signature: string, slot: number, readAccount: (address: string) => Uint8Array | undefined): void {
    const message = this.decodeMessage.decode(tx.messageBytes)
    const keys = message.staticAccounts.map(String)
    const base = { signature, slot, processedAt: Date.now(), feePayer: keys[0] ?? '' }
    // Legacy and v0 messages list compiled instructions; wallets here send legacy ones.
    const instructions = 'instructions' in message ? message.instructions : []
    for (const instruction of instructions) {
      const program = keys[instruction.programAddressIndex]
      const accounts = (instruction.accountIndices ?? []).map((index: number) => keys[index] ?? '')
      const data = instruction.data
      if (!data || data.length === 0) continue
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
      if (program === SYSTEM_PROGRAM && data.length >= 12 && view.getUint32(0, true) === SYSTEM_TRANSFER) {
        this.transfers.push({ ...base, sender: accounts[0]!, recipient: accounts[1]!, amount: view.getBigUint64(4, true) })
      } else if (program === TOKEN_PROGRAM_ID && data.length >= 9 && (data[0] === TOKEN_TRANSFER || data[0] === TOKEN_TRANSFER_CHECKED)) {
        const checked = data[0] === TOKEN_TRANSFER_CHECKED
        const [source, destination, owner] = checked ? [accounts[0], accounts[2], accounts[3]] : [accounts[0], accounts[1], accounts[2]]
        const to = parseTokenAccount(readAccount(destination ?? '') ?? new Uint8Array())
        const from = parseTokenAccount(readAccount(source ?? '') ?? new Uint8Array())
        const mint = checked ? accounts[1] : (from?.mint ?? to?.mint)
        if (!to || !owner || !mint) continue
        this.transfers.push({ ...base, mint, sender: owner, recipient: to.owner, amount: view.getBigUint64(1, true) })
      }
    }
  }

  /**
   * An account's transactions with their transfers, newest first.
   *
   * @returns one list of transfers per transaction, paged by `cursor` (entries already returned)
   */
  page(account: string, { cursor, limit }: { cursor: number; limit: number }): { transactions: SolanaTransfer[][]; next: number | null } {
    const bySignature = new Map<string, SolanaTransfer[]>()
    for (let i = this.transfers.length - 1; i >= 0; i--) {
      const transfer = this.transfers[i]!
      if (transfer.sender !== account && transfer.recipient !== account && transfer.feePayer !== account) continue
      const list = bySignature.get(transfer.signature) ?? []
      if (list.length === 0) bySignature.set(transfer.signature, list)
      list.unshift(transfer)
    }
    const all = [...bySignature.values()]
    return { transactions: all.slice(cursor, cursor + limit), next: all.length > cursor + limit ? cursor + limit : null }
  }
}
