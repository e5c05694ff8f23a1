import type { BalanceEntry } from './readBalances.js'

/** Entries kept before the cache starts over: bounded memory whatever addresses are asked. */
const MAX_ENTRIES = 10_000

/**
 * EVM balances per chain, account and block. An entry is only served for the block it was read
 * at, so an answer is never stale: a new block (any transaction, automine) is a miss. What it
 * saves is the node's balance calls while the chain is idle, the common case for a portfolio.
 */
export class BalanceCache {
  private readonly entries = new Map<string, { block: bigint; balances: BalanceEntry[] }>()

  get(chainId: string, owner: string, block: bigint): BalanceEntry[] | undefined {
    const entry = this.entries.get(`${chainId}:${owner}`)
    return entry && entry.block === block ? entry.balances : undefined
  }

  set(chainId: string, owner: string, block: bigint, balances: BalanceEntry[]): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear()
    this.entries.set(`${chainId}:${owner}`, { block, balances })
  }
}
