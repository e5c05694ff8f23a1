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

/** SPEC §5: a transaction whose transfers are all spam NFTs is dropped. */
export function isAllSpamNft(entry: HistoryEntry): boolean {
  return entry.transfers.length > 0 && entry.transfers.every((t) => t.nft_info?.flags?.is_spam === true)
}

/** Keeps well-formed entries of one chain, all-spam NFT transactions dropped (SPEC §5). */
export function visibleTransactions(data: unknown, caipNetworkId: string): HistoryEntry[] {
  if (!Array.isArray(data)) return []
  return data.filter(
    (entry): entry is HistoryEntry =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as HistoryEntry).id === 'string' &&
      typeof (entry as HistoryEntry).metadata === 'object' &&
      (entry as HistoryEntry).metadata !== null &&
      Array.isArray((entry as HistoryEntry).transfers) &&
      ((entry as HistoryEntry).metadata.chain === undefined || (entry as HistoryEntry).metadata.chain === caipNetworkId) &&
      !isAllSpamNft(entry as HistoryEntry),
  )
}

/**
 * Reads the first page of an account's transactions on one chain (SPEC §7
 * `GET /v1/account/{address}/history?chainId=…`), keeping what SPEC §5 shows: well-formed
 * entries of that chain, all-spam NFT transactions dropped. The NFTs tab and the activity
 * plugin's tab both read it.
 *
 * @param client - the blockchain service
 * @returns the visible transactions, newest first as the service orders them
 *
 * @example
 * const entries = await fetchHistory(blockchain, { address, caipNetworkId: 'eip155:1' })
 */
export async function fetchHistory(
  client: HttpClient,
  { address, caipNetworkId, signal }: { address: string; caipNetworkId: string; signal?: AbortSignal },
): Promise<HistoryEntry[]> {
  const body = await client.get<{ data?: unknown }>(`/v1/account/${encodeURIComponent(address)}/history`, { query: { chainId: caipNetworkId }, signal })
  return visibleTransactions(body?.data, caipNetworkId)
}
