import type { BackendServices } from '../../plugins/services/BackendServices.js'
import type { BalanceEntry } from '../../blockchain/readBalances.js'
import { solanaBalanceEntry } from '../solanaBalanceEntry.js'
import { callSolanaNetwork } from './callSolanaNetwork.js'
import { readOwnerTokenAccounts } from './readOwnerTokenAccounts.js'
import type { SolanaNetworkHandle } from './SolanaNetworkHandle.js'

/**
 * A Solana account's SOL and listed SPL balances on a configured cluster, read from its nodes
 * (`getBalance`, `getTokenAccountsByOwner`). Zero balances are left out, as on the EVM networks.
 */
export async function readConfiguredSolanaBalances(services: BackendServices, network: SolanaNetworkHandle, owner: string, baseUrl: string): Promise<BalanceEntry[]> {
  const [balance, tokenAccounts] = await Promise.all([
    callSolanaNetwork<{ value: number }>(network, 'getBalance', [owner, { commitment: 'confirmed' }]),
    readOwnerTokenAccounts(network, owner),
  ])
  const entry = solanaBalanceEntry(services.prices, network.caipNetworkId, baseUrl)
  const entries: BalanceEntry[] = []
  if (balance.value > 0) entries.push(entry('Solana', 'SOL', 9, BigInt(balance.value)))
  // In the list's order; an owner with several accounts of one mint holds their sum.
  for (const token of network.tokens) {
    const amount = tokenAccounts.filter((account) => account.mint === token.mint).reduce((sum, account) => sum + account.amount, 0n)
    if (amount > 0n) entries.push(entry(token.name, token.symbol, token.decimals, amount, token.mint))
  }
  return entries
}
