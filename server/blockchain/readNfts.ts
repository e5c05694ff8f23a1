import { getAddress, parseAbi, type Address } from 'viem'
import type { EvmChainHandle } from '../plugins/services/BackendServices.js'
import { nftImageId } from '../catalogue/nftImageId.js'
import { knownCollections } from './knownTokens.js'

/** One NFT an account holds, as `GET /v1/account/{address}/nfts` lists it. */
export interface HeldNft {
  /** `<contract>:<tokenId>`, stable across reads. */
  id: string
  name: string
  collection: string
  tokenId: string
  image: string
  flags: { is_spam: boolean }
}

// The collections are OpenZeppelin ERC721Enumerable presets: the owner's tokens are listable.
const ENUMERABLE = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
])

/**
 * The NFTs an account holds now on one local chain, read from each collection the deployment
 * knows (ownership, not transfers: a token sent away is gone). Names are the collection's with
 * the token id; images are served by this backend, never fetched from elsewhere.
 *
 * @param baseUrl - this server's URL, for the image address
 */
export async function readNfts(chain: EvmChainHandle, owner: string, baseUrl: string): Promise<HeldNft[]> {
  const account = getAddress(owner.toLowerCase())
  const held: HeldNft[] = []
  for (const collection of knownCollections(chain)) {
    const address: Address = collection.address
    const count = await chain.client.readContract({ address, abi: ENUMERABLE, functionName: 'balanceOf', args: [account] })
    for (let index = 0n; index < count; index++) {
      const tokenId = (await chain.client.readContract({ address, abi: ENUMERABLE, functionName: 'tokenOfOwnerByIndex', args: [account, index] })).toString()
      held.push({
        id: `${address.toLowerCase()}:${tokenId}`,
        name: `${collection.name} #${tokenId}`,
        collection: collection.name,
        tokenId,
        image: `${baseUrl}/public/getAssetImage/${nftImageId(collection, tokenId)}`,
        flags: { is_spam: collection.spam },
      })
    }
  }
  return held
}
