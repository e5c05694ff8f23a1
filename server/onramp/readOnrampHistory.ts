import type { BackendServices } from '../BackendServices.js'

interface OrderRow {
  id: string
  destination: string
  network: string
  asset: string
  amount: string
  status: string
  tx_hash: string | null
  created_at: number
}

// The status names the kit's on-ramp activity expects from a Coinbase-style provider.
const STATUS = { paid: 'ONRAMP_TRANSACTION_STATUS_SUCCESS', pending: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS' } as const

/**
 * An account's on-ramp purchases (history with `onramp=…`), newest first, cursor-paged.
 *
 * @param address - the destination wallet
 */
export function readOnrampHistory(services: BackendServices, address: string, { cursor, limit }: { cursor: number; limit: number }) {
  const rows = services.db
    .prepare<[string, number, number], OrderRow>('SELECT * FROM onramp_orders WHERE lower(destination) = lower(?) ORDER BY created_at DESC, id LIMIT ? OFFSET ?')
    .all(address, limit + 1, cursor)
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
