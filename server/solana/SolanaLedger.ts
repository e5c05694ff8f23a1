import { getCompiledTransactionMessageDecoder, type Transaction } from '@solana/kit'
import { parseMint, parseTokenAccount } from './splLayouts.js'

/** A token account's balance as a node reports it in `meta.preTokenBalances`/`postTokenBalances`. */
export interface LedgerTokenBalance {
  accountIndex: number
  mint: string
  owner: string
  amount: bigint
  decimals: number
}

/** A processed transaction as `getTransaction` answers it (json encoding). */
export interface LedgerEntry {
  signature: string
  slot: number
  /** Seconds since the epoch. */
  blockTime: number
  accountKeys: string[]
  wire: Uint8Array
  fee: number
  preBalances: bigint[]
  postBalances: bigint[]
  preTokenBalances: LedgerTokenBalance[]
  postTokenBalances: LedgerTokenBalance[]
}

/** What the ledger reads of an account now: lamports and data, or undefined when it does not exist. */
export type AccountReader = (address: string) => { lamports: bigint; data: Uint8Array } | undefined

/**
 * The local cluster's ledger: every committed transaction with its balances before and after, so
 * the local RPC answers `getSignaturesForAddress` and `getTransaction` as a real node does (a
 * backend reading history from a configured cluster reads the same methods). In memory.
 */
export class SolanaLedger {
  private readonly entries: LedgerEntry[] = []
  private readonly bySignature = new Map<string, LedgerEntry>()
  private readonly decodeMessage = getCompiledTransactionMessageDecoder()

  /** The account keys a transaction touches (its static keys, as a legacy message lists them). */
  keysOf(tx: Transaction): string[] {
    return this.decodeMessage.decode(tx.messageBytes).staticAccounts.map(String)
  }

  /** Balances of `keys` now: taken before and after a transaction runs. */
  snapshot(keys: string[], read: AccountReader): { lamports: bigint[]; tokens: LedgerTokenBalance[] } {
    const tokens: LedgerTokenBalance[] = []
    const lamports = keys.map((key, accountIndex) => {
      const account = read(key)
      const token = account ? parseTokenAccount(account.data) : null
      if (token) {
        const mint = read(token.mint)
        tokens.push({ accountIndex, mint: token.mint, owner: token.owner, amount: token.amount, decimals: (mint && parseMint(mint.data)?.decimals) || 0 })
      }
      return account?.lamports ?? 0n
    })
    return { lamports, tokens }
  }

  record(entry: LedgerEntry): void {
    this.entries.push(entry)
    this.bySignature.set(entry.signature, entry)
  }

  get(signature: string): LedgerEntry | undefined {
    return this.bySignature.get(signature)
  }

  /** Signatures naming `address` among their account keys, newest first, before `before` when given. */
  signaturesFor(address: string, { limit, before }: { limit: number; before?: string }): LedgerEntry[] {
    const found: LedgerEntry[] = []
    let started = before === undefined
    for (let i = this.entries.length - 1; i >= 0 && found.length < limit; i--) {
      const entry = this.entries[i]!
      if (!started) {
        started = entry.signature === before
        continue
      }
      if (entry.accountKeys.includes(address)) found.push(entry)
    }
    return found
  }
}
