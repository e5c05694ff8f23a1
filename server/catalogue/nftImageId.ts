/** Lantern pictures in `images/assets/` (latch-lantern-0 … -2): token ids take them in turn. */
const LANTERN_PICTURES = 3n

/**
 * The asset image id (`/public/getAssetImage/{id}`) of a local chain's NFT: the Latch Lanterns
 * show a lantern, one of three by token id; the spam collection, drawn for nobody, the network's logo.
 *
 * @example nftImageId({ spam: false }, '4') // 'latch-lantern-1'
 */
export function nftImageId(collection: { spam: boolean } | undefined, tokenId: string | null | undefined): string {
  if (!collection || collection.spam || !/^\d+$/.test(tokenId ?? '')) return 'latch-local'
  return `latch-lantern-${BigInt(tokenId!) % LANTERN_PICTURES}`
}
