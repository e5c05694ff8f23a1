import * as v from 'valibot'
import type { HttpClient } from '../../ui-shell/plugin.js'

const Text = v.optional(v.string())
const Url = v.optional(v.object({ url: Text }))

/** The fields the Activity tab reads, each checked: a service answer is data, never trusted. */
const TransferSchema = v.object({
  fungible_info: v.optional(v.object({ name: Text, symbol: Text, icon: Url })),
  nft_info: v.optional(v.object({ name: Text, content: v.optional(v.object({ preview: Url })), flags: v.optional(v.object({ is_spam: v.optional(v.boolean()) })) })),
  direction: Text,
  quantity: v.optional(v.object({ numeric: Text })),
  sender: Text,
  recipient: Text,
})
const EntrySchema = v.object({
  id: v.string(),
  metadata: v.object({ operationType: Text, hash: Text, minedAt: Text, sentFrom: Text, sentTo: Text, status: Text, chain: Text }),
  transfers: v.array(TransferSchema),
})

/** One transfer of a transaction (SPEC §3). */
export type HistoryTransfer = v.InferOutput<typeof TransferSchema>

/** One transaction of the history route (SPEC §3). */
export type HistoryEntry = v.InferOutput<typeof EntrySchema>

/** One page of history: the visible entries and the cursor of the next page (`null` on the last). */
export interface HistoryPage {
  entries: HistoryEntry[]
  next: string | null
}

/** SPEC §5: a transaction whose transfers are all spam NFTs is dropped. */
export function isAllSpamNft(entry: HistoryEntry): boolean {
  return entry.transfers.length > 0 && entry.transfers.every((t) => t.nft_info?.flags?.is_spam === true)
}

/** Keeps well-formed entries of that chain (one naming no chain is not shown), all-spam NFT transactions dropped (SPEC §5). */
export function visibleTransactions(data: unknown, caipNetworkId: string): HistoryEntry[] {
  if (!Array.isArray(data)) return []
  // An entry with a field of the wrong kind is dropped, not rendered (a bad answer never breaks the view).
  return data.flatMap((item) => {
    const parsed = v.safeParse(EntrySchema, item)
    return parsed.success && parsed.output.metadata.chain === caipNetworkId && !isAllSpamNft(parsed.output) ? [parsed.output] : []
  })
}

/**
 * Reads one page of an account's transactions on one chain (SPEC §7
 * `GET /v1/account/{address}/history?chainId=…&cursor=…`), or with `onramp` its on-ramp
 * purchases, keeping what SPEC §5 shows: well-formed entries of that chain, all-spam NFT
 * transactions dropped. A page may hold fewer entries than the server sent (spam dropped).
 * `limit` is the page size (the server's default, 50, when absent).
 *
 * @param client - the blockchain service
 * @returns the visible transactions, newest first as the service orders them, and the next cursor
 *
 * @example
 * const { entries, next } = await fetchHistoryPage(blockchain, { address, caipNetworkId: 'eip155:1' })
 */
export async function fetchHistoryPage(
  client: HttpClient,
  {
    address,
    caipNetworkId,
    cursor,
    onramp,
    limit,
    signal,
  }: { address: string; caipNetworkId: string; cursor?: string; onramp?: string; limit?: number; signal?: AbortSignal },
): Promise<HistoryPage> {
  const body = await client.get<{ data?: unknown; next?: unknown }>(`/v1/account/${encodeURIComponent(address)}/history`, {
    query: { chainId: caipNetworkId, cursor, onramp, limit },
    signal,
  })
  return { entries: visibleTransactions(body?.data, caipNetworkId), next: typeof body?.next === 'string' && body.next !== '' ? body.next : null }
}
