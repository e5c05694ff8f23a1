import { sql } from 'kysely'
import type { Storage } from '../plugins/database/openStorage.js'

// The status names the kit's on-ramp activity expects from a Coinbase-style provider.
const STATUS = { paid: 'ONRAMP_TRANSACTION_STATUS_SUCCESS', pending: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS' } as const

/**
 * An account's on-ramp purchases (history with `onramp=…`), newest first, cursor-paged.
 *
 * @param address - the destination wallet
 */
export async function readOnrampHistory(storage: Storage, address: string, { cursor, limit }: { cursor: number; limit: number }) {
  const rows = await storage.db
    .selectFrom('onramp_orders')
    .selectAll()
    .where(sql<string>`lower(destination)`, '=', address.toLowerCase())
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit + 1)
    .offset(cursor)
    .execute()
  const data = rows.slice(0, limit).map((row) => ({
    id: row.id,
    metadata: {
      operationType: 'buy',
      hash: row.tx_hash ?? '',
      minedAt: new Date(row.created_at).toISOString(),
      sentFrom: 'Latch Pay',
      sentTo: row.destination,
      status: row.status === 'paid' ? STATUS.paid : STATUS.pending,
      chain: row.network,
    },
    transfers: [{ fungible_info: { name: row.asset, symbol: row.asset, icon: { url: '' } }, direction: 'in', quantity: { numeric: row.amount } }],
  }))
  return { data, next: rows.length > limit ? String(cursor + limit) : null }
}
