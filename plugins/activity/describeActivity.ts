import { formatLocale, shortAddress } from '../../ui-shell/index.js'
import { formatTokenAmount } from '../account/index.js'
import type { HistoryEntry } from './fetchHistoryPage.js'

/** What one Activity row says: the verb, who was on the other side, when, how much and how it ended. */
export interface ActivityDescription {
  /** 'Sent', 'Received', 'Bought', … from the history's operation type. */
  title: string
  /** 'To 0x90F7…1234' or 'From …', when the entry names the other side. */
  counterparty?: string
  /** The date and time mined, in the visitor's locale; absent when the entry has none. */
  date?: string
  /** '-0.50 ETH' (out), '+7.00 USDC' (in), the amount alone when the direction is unknown, or an NFT's name. */
  amount: string
  direction: 'in' | 'out' | 'self' | undefined
  status: 'confirmed' | 'pending' | 'failed' | undefined
  /** The token's or NFT's image URL, as the service sent it (the view checks it is safe). */
  image?: string
}

const TITLES: Record<string, string> = {
  send: 'Sent',
  receive: 'Received',
  buy: 'Bought',
  trade: 'Swapped',
  mint: 'Minted',
  burn: 'Burned',
  approve: 'Approved',
  execute: 'Contract call',
  deploy: 'Deployed',
}

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
 * @example describeActivity(entry) // { title: 'Sent', counterparty: 'To 0x90F7…1234', amount: '-0.50 ETH', … }
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
    title: TITLES[type.toLowerCase()] ?? (type ? type[0]!.toUpperCase() + type.slice(1) : 'Transaction'),
    counterparty: other ? `${direction === 'in' ? 'From' : 'To'} ${shortAddress(other)}` : undefined,
    date: mined && !Number.isNaN(mined.getTime()) ? DATE.format(mined) : undefined,
    amount: `${sign}${quantity} ${symbol}`.trim(),
    direction,
    status: STATUSES[entry.metadata.status ?? ''],
    image: transfer?.fungible_info?.icon?.url ?? transfer?.nft_info?.content?.preview?.url,
  }
}
