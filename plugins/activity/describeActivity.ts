import { formatLocale, shortAddress } from '../../ui-shell/plugin.js'
import { formatTokenAmount } from '../account/index.js'
import type { HistoryEntry } from './fetchHistoryPage.js'

/** What one Activity row says: the verb, who was on the other side, when, how much and how it ended. */
export interface ActivityDescription {
  /** 'activity.type.send', … (a message key) from the history's operation type; an unknown type as the history names it. */
  title: string
  /** The other side, when the entry names it: 'activity.to' or 'activity.from' (message keys) and its short address. */
  counterparty?: { key: 'activity.to' | 'activity.from'; address: string }
  /** The date and time mined, in the visitor's locale; absent when the entry has none. */
  date?: string
  /** '-0.50 ETH' (out), '+7.00 USDC' (in), the amount alone when the direction is unknown, or an NFT's name. */
  amount: string
  direction: 'in' | 'out' | 'self' | undefined
  status: 'confirmed' | 'pending' | 'failed' | undefined
  /** The token's or NFT's image URL, as the service sent it (the view checks it is safe). */
  image?: string
}

const TITLES = ['send', 'receive', 'buy', 'trade', 'mint', 'burn', 'approve', 'execute', 'deploy']

/** Statuses as the history (SPEC §3) and the on-ramp's history name them. */
const STATUSES: Record<string, ActivityDescription['status']> = {
  confirmed: 'confirmed',
  pending: 'pending',
  failed: 'failed',
  ONRAMP_TRANSACTION_STATUS_SUCCESS: 'confirmed',
  ONRAMP_TRANSACTION_STATUS_IN_PROGRESS: 'pending',
  ONRAMP_TRANSACTION_STATUS_FAILED: 'failed',
}

const DATE = { format: (date: Date) => new Intl.DateTimeFormat(formatLocale(), { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(date) }

/**
 * Describes a history entry for its row, from its first fungible transfer (else its first).
 *
 * @example describeActivity(entry) // { title: 'activity.type.send', counterparty: { key: 'activity.to', address: '0x90F7…1234' }, amount: '-0.50 ETH', … }
 */
export function describeActivity(entry: HistoryEntry): ActivityDescription {
  const transfer = entry.transfers.find((t) => t.fungible_info) ?? entry.transfers[0]
  const direction = transfer?.direction === 'in' || transfer?.direction === 'out' || transfer?.direction === 'self' ? transfer.direction : undefined
  // An NFT is named, not counted: 'Latch Lanterns #1', never '+1.00 Latch Lanterns #1'.
  const nft = transfer && !transfer.fungible_info ? transfer.nft_info : undefined
  const symbol = transfer?.fungible_info?.symbol ?? nft?.name ?? ''
  const quantity = !nft && transfer?.quantity?.numeric ? formatTokenAmount(transfer.quantity.numeric) : ''
  const sign = quantity && direction === 'out' ? '-' : quantity && direction === 'in' ? '+' : ''
  const type = entry.metadata.operationType ?? ''
  // The transfer's own counterpart first: a token send's transaction goes to the token contract.
  const other = direction === 'in' ? (transfer?.sender ?? entry.metadata.sentFrom) : direction === 'out' ? (transfer?.recipient ?? entry.metadata.sentTo) : undefined
  const mined = entry.metadata.minedAt ? new Date(entry.metadata.minedAt) : undefined
  return {
    title: TITLES.includes(type.toLowerCase()) ? `activity.type.${type.toLowerCase()}` : type ? type[0]!.toUpperCase() + type.slice(1) : 'activity.type.other',
    counterparty: other ? { key: direction === 'in' ? 'activity.from' : 'activity.to', address: shortAddress(other) } : undefined,
    date: mined && !Number.isNaN(mined.getTime()) ? DATE.format(mined) : undefined,
    amount: `${sign}${quantity} ${symbol}`.trim(),
    direction,
    status: STATUSES[entry.metadata.status ?? ''],
    image: transfer?.fungible_info?.icon?.url ?? transfer?.nft_info?.content?.preview?.url,
  }
}
