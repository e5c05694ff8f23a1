import type { HttpClient } from '../../ui-shell/plugin.js'

/** One NFT as the NFTs tab lists it. */
export interface NftItem {
  key: string
  name: string
  image: string | undefined
}

interface HeldNftAnswer {
  id?: unknown
  name?: unknown
  image?: unknown
  flags?: { is_spam?: unknown }
}

/** Keeps well-formed NFTs that are not spam (SPEC §5), in the order the service lists them. */
export function visibleNfts(data: unknown): NftItem[] {
  if (!Array.isArray(data)) return []
  return (data as HeldNftAnswer[])
    .filter((nft) => typeof nft === 'object' && nft !== null && typeof nft.id === 'string' && nft.flags?.is_spam !== true)
    .map((nft) => ({ key: nft.id as string, name: typeof nft.name === 'string' ? nft.name : 'NFT', image: typeof nft.image === 'string' ? nft.image : undefined }))
}

/**
 * Reads the NFTs an account holds now on one chain (the backend's
 * `GET /v1/account/{address}/nfts?chainId=…`: ownership read from the chain, not transfers),
 * spam dropped.
 *
 * @param client - the blockchain service
 *
 * @example
 * const nfts = await fetchNfts(blockchain, { address, caipNetworkId: 'eip155:31337' })
 */
export async function fetchNfts(client: HttpClient, { address, caipNetworkId, signal }: { address: string; caipNetworkId: string; signal?: AbortSignal }): Promise<NftItem[]> {
  const body = await client.get<{ data?: unknown }>(`/v1/account/${encodeURIComponent(address)}/nfts`, { query: { chainId: caipNetworkId }, signal })
  return visibleNfts(body?.data)
}
