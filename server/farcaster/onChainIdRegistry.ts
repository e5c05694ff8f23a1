import { createPublicClient, http, isAddressEqual, zeroAddress, type Address } from 'viem'
import type { IdRegistry } from './FarcasterConnect.js'

/** Farcaster's IdRegistry on OP Mainnet. */
export const ID_REGISTRY_ADDRESS: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'

const ABI = [{ type: 'function', name: 'custodyOf', stateMutability: 'view', inputs: [{ name: 'fid', type: 'uint256' }], outputs: [{ name: 'custody', type: 'address' }] }] as const

/**
 * The ID registry read on chain: `custodyOf(fid)` on a configured Optimism RPC, at the registry's
 * address (OP Mainnet's by default). The zero address means nobody holds the fid.
 *
 * @example
 * const registry = onChainIdRegistry({ rpcUrl: 'https://mainnet.optimism.io' })
 */
export function onChainIdRegistry({ rpcUrl, address = ID_REGISTRY_ADDRESS }: { rpcUrl: string; address?: Address }): IdRegistry {
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: 10_000, retryCount: 1 }) })
  return {
    async custodyOf(fid) {
      const custody = await client.readContract({ address, abi: ABI, functionName: 'custodyOf', args: [BigInt(fid)] })
      return isAddressEqual(custody, zeroAddress) ? undefined : custody
    },
  }
}
