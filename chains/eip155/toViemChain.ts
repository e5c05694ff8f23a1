import { defineChain, type Chain } from 'viem'
import type { Network } from '../networks/Network.js'

/**
 * A viem Chain for an eip155 Network, with the RPC URLs the kit may call.
 *
 * @param network - an eip155 network
 * @param rpcUrls - its resolved URLs
 */
export function toViemChain(network: Network, rpcUrls: readonly string[]): Chain {
  return defineChain({
    id: Number(network.id),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [...rpcUrls] } },
    ...(network.blockExplorers ? { blockExplorers: network.blockExplorers } : {}),
    ...(network.testnet ? { testnet: true } : {}),
  })
}
