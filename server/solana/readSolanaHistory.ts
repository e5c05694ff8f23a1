import { formatUnits } from 'viem'
import type { BackendServices, SolanaHandle } from '../plugins/services/BackendServices.js'
import type { HistoryEntry, HistoryTransfer } from '../blockchain/readHistory.js'
import { priceOf } from '../blockchain/PriceTable.js'
import { usdValue } from '../blockchain/usdValue.js'
import type { SolanaTransfer } from './SolanaTransferLog.js'

/**
 * An account's transactions on the local Solana cluster, newest first, in the shape of the EVM
 * history (SPEC §3 transaction): SOL and the seeded SPL token, by owner. The cursor is the count
 * of entries already returned.
 */
export function readSolanaHistory(
  services: BackendServices,
  solana: SolanaHandle,
  address: string,
  { cursor, limit, baseUrl }: { cursor: number; limit: number; baseUrl: string },
): { data: HistoryEntry[]; next: string | null } {
  const { transactions, next } = solana.cluster.transfers.page(address, { cursor, limit })
  return { data: transactions.map((transfers) => toEntry(services, solana, address, transfers, baseUrl)), next: next === null ? null : String(next) }
}

function toEntry(services: BackendServices, solana: SolanaHandle, account: string, transfers: SolanaTransfer[], baseUrl: string): HistoryEntry {
  const first = transfers[0]!
  const mine = transfers.filter((transfer) => transfer.sender === account || transfer.recipient === account)
  const outs = mine.some((transfer) => transfer.sender === account && transfer.recipient !== account)
  const ins = mine.some((transfer) => transfer.recipient === account && transfer.sender !== account)
  return {
    id: first.signature,
    metadata: {
      operationType: outs && ins ? 'trade' : outs ? 'send' : ins ? 'receive' : 'execute',
      hash: first.signature,
      minedAt: new Date(first.processedAt).toISOString(),
      sentFrom: first.feePayer,
      sentTo: first.recipient,
      status: 'confirmed',
      chain: solana.caipNetworkId,
    },
    transfers: mine.map((transfer) => toTransfer(services, solana, account, transfer, baseUrl)),
  }
}

function toTransfer(services: BackendServices, solana: SolanaHandle, account: string, transfer: SolanaTransfer, baseUrl: string): HistoryTransfer {
  const { seed } = solana
  const known = transfer.mint === seed.testTokenMint
  const symbol = transfer.mint === undefined ? 'SOL' : known ? seed.testTokenSymbol : 'UNKNOWN'
  const decimals = transfer.mint === undefined ? 9 : known ? seed.testTokenDecimals : 0
  const numeric = formatUnits(transfer.amount, decimals)
  const price = priceOf(services.prices, symbol)
  const direction = transfer.sender === account && transfer.recipient === account ? 'self' : transfer.sender === account ? 'out' : 'in'
  return {
    fungible_info: { name: symbol === 'SOL' ? 'Solana' : known ? 'Latch USD (Solana)' : 'Unknown token', symbol, icon: { url: `${baseUrl}/public/getTokenImage/${symbol}` } },
    direction,
    quantity: { numeric },
    sender: transfer.sender,
    recipient: transfer.recipient,
    value: usdValue(numeric, price),
    price,
  }
}
