import { formatUnits, zeroAddress } from 'viem'
import type { BackendServices, EvmChainHandle } from '../plugins/services/BackendServices.js'
import type { Storage } from '../plugins/database/openStorage.js'
import type { TransfersTable } from '../plugins/database/DatabaseSchema.js'
import { knownCollections, poolShareAt, tokenAt } from './knownTokens.js'
import { priceOf, type PriceTable } from './PriceTable.js'
import { chainPrices } from './chainPrices.js'
import { usdValue } from './usdValue.js'
import { nftImageId } from '../catalogue/nftImageId.js'

/** A transfer as the history index holds it. */
type TransferRow = Omit<TransfersTable, 'id' | 'chain_id'>

/** One transfer inside a history entry (SPEC §3 transaction transfers). */
export interface HistoryTransfer {
  fungible_info?: { name: string; symbol: string; icon: { url: string } }
  nft_info?: { name: string; content: { preview: { url: string } }; flags: { is_spam: boolean } }
  direction: 'in' | 'out' | 'self'
  quantity: { numeric: string }
  /** Who sent and who received this transfer (Zerion's transfer fields): for a token send, the transaction's `sentTo` is the token contract. */
  sender: string
  recipient: string
  value?: number
  price?: number
}

/** One history entry (SPEC §3 transaction). */
export interface HistoryEntry {
  id: string
  metadata: {
    operationType: string
    hash: string
    minedAt: string
    sentFrom: string
    sentTo: string
    status: 'confirmed' | 'failed'
    chain: string
  }
  transfers: HistoryTransfer[]
}

/**
 * An account's transactions on one chain, newest first, from the indexed blocks and Transfer
 * logs. The cursor is the count of entries already returned, as an opaque string.
 *
 * @returns the page and the cursor of the next one (`null` on the last page)
 */
export async function readHistory(
  services: BackendServices,
  storage: Storage,
  chain: EvmChainHandle,
  address: string,
  { cursor, limit, baseUrl }: { cursor: number; limit: number; baseUrl: string },
): Promise<{ data: HistoryEntry[]; next: string | null }> {
  const account = address.toLowerCase()
  const hashes = await storage.db
    .selectFrom('transfers')
    .select((select) => ['tx_hash', select.fn.max('block_number').as('block')])
    .where('chain_id', '=', chain.caipNetworkId)
    .where((where) => where.or([where('sender', '=', account), where('recipient', '=', account), where('tx_from', '=', account)]))
    .groupBy('tx_hash')
    .orderBy('block', 'desc')
    .orderBy('tx_hash')
    .limit(limit + 1)
    .offset(cursor)
    .execute()
  const page = hashes.slice(0, limit)
  const rows = page.length
    ? await storage.db
        .selectFrom('transfers')
        .selectAll()
        .where('chain_id', '=', chain.caipNetworkId)
        .where(
          'tx_hash',
          'in',
          page.map(({ tx_hash }) => tx_hash),
        )
        .orderBy('log_index')
        .execute()
    : []
  const prices = await chainPrices(services, chain)
  const data = page.map(({ tx_hash }) => toEntry(prices, chain, account, rows.filter((row) => row.tx_hash === tx_hash), baseUrl))
  return { data, next: hashes.length > limit ? String(cursor + limit) : null }
}

function toEntry(prices: PriceTable, chain: EvmChainHandle, account: string, rows: TransferRow[], baseUrl: string): HistoryEntry {
  const first = rows[0]!
  const movements = rows.filter((row) => (row.kind === 'native' || row.kind === 'erc20' || row.kind === 'erc721') && (row.sender === account || row.recipient === account))
  const transfers = movements.map((row) => toTransfer(prices, chain, account, row, baseUrl))
  return {
    id: first.tx_hash,
    metadata: {
      operationType: operationType(rows, movements, account),
      hash: first.tx_hash,
      minedAt: new Date(first.mined_at * 1000).toISOString(),
      sentFrom: first.tx_from,
      sentTo: first.tx_to ?? '',
      status: first.status === 'confirmed' ? 'confirmed' : 'failed',
      chain: chain.caipNetworkId,
    },
    transfers,
  }
}

function operationType(rows: TransferRow[], movements: TransferRow[], account: string): string {
  if (rows.some((row) => row.kind === 'deploy')) return 'deploy'
  const zero = zeroAddress.toLowerCase()
  const ins = movements.filter((row) => row.recipient === account && row.sender !== account)
  const outs = movements.filter((row) => row.sender === account && row.recipient !== account)
  if (ins.length && outs.length) return 'trade'
  if (ins.length && ins.every((row) => row.sender === zero)) return 'mint'
  if (outs.length && outs.every((row) => row.recipient === zero)) return 'burn'
  if (outs.length) return 'send'
  if (ins.length) return 'receive'
  if (rows.some((row) => row.kind === 'approve')) return 'approve'
  return 'execute'
}

function toTransfer(prices: PriceTable, chain: EvmChainHandle, account: string, row: TransferRow, baseUrl: string): HistoryTransfer {
  const direction = row.sender === account && row.recipient === account ? 'self' : row.sender === account ? 'out' : 'in'
  if (row.kind === 'erc721') {
    const collection = knownCollections(chain).find((nft) => nft.address.toLowerCase() === row.token)
    return {
      nft_info: {
        name: `${collection?.name ?? 'NFT'} #${row.token_id ?? ''}`,
        content: { preview: { url: `${baseUrl}/public/getAssetImage/${nftImageId(collection, row.token_id)}` } },
        flags: { is_spam: collection?.spam ?? false },
      },
      direction,
      quantity: { numeric: '1' },
      sender: row.sender,
      recipient: row.recipient,
    }
  }
  const token = row.kind === 'erc20' && row.token ? (tokenAt(chain, row.token) ?? poolShareAt(chain, row.token)) : undefined
  // UNKNOWN has its own image (a question mark): every icon URL here names an image we serve.
  const symbol = row.kind === 'native' ? 'ETH' : (token?.symbol ?? 'UNKNOWN')
  const decimals = row.kind === 'native' ? 18 : (token?.decimals ?? 18)
  const numeric = formatUnits(BigInt(row.value), decimals)
  const price = priceOf(prices, symbol)
  return {
    fungible_info: { name: row.kind === 'native' ? 'Ether' : (token?.name ?? 'Unknown token'), symbol, icon: { url: `${baseUrl}/public/getTokenImage/${symbol}` } },
    direction,
    quantity: { numeric },
    sender: row.sender,
    recipient: row.recipient,
    value: usdValue(numeric, price),
    price,
  }
}
