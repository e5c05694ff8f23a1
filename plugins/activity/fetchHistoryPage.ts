import type { HttpClient } from '../../ui-shell/index.js'

/** One transfer of a transaction (SPEC §3). */
export interface HistoryTransfer {
  fungible_info?: { name?: string; symbol?: string; icon?: { url?: string } }
  nft_info?: { name?: string; content?: { preview?: { url?: string } }; flags?: { is_spam?: boolean } }
  direction?: string
  quantity?: { numeric?: string }
}

/** One transaction of the history route (SPEC §3). */
export interface HistoryEntry {
  id: string
  metadata: { operationType?: string; hash?: string; minedAt?: string; sentFrom?: string; sentTo?: string; status?: string; chain?: string }
  transfers: HistoryTransfer[]
}

/** One page of history: the visible entries and the cursor of the next page (`null` on the last). */
export interface HistoryPage {
  entries: HistoryEntry[]
  next: string | null
}

/** SPEC §5: a transaction whose transfers are all spam NFTs is dropped. */
export function isAllSpamNft(entry: HistoryEntry): boolean {
  return entry.transfers.length > 0 && entry.transfers.every((t) => t.nft_info?.flags?.is_spam === true)
}

function isHistoryEntry(entry: unknown): entry is HistoryEntry {
  const candidate = entry as HistoryEntry
  return typeof entry === 'object' && entry !== null && typeof candidate.id === 'string' && typeof candidate.metadata === 'object' && candidate.metadata !== null && Array.isArray(candidate.transfers)
}

/** Keeps well-formed entries of that chain (one naming no chain is not shown), all-spam NFT transactions dropped (SPEC §5). */
export function visibleTransactions(data: unknown, caipNetworkId: string): HistoryEntry[] {
  if (!Array.isArray(data)) return []
  return data.filter(isHistoryEntry).filter((entry) => entry.metadata.chain === caipNetworkId && !isAllSpamNft(entry))
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
