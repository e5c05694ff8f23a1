import { UpstreamPool } from '../../rpc/UpstreamPool.js'
import { callUpstream } from '../../rpc/forwardToUpstreams.js'
import type { SolanaNetworkConfig } from '../../networks/NetworkConfig.js'
import type { SolanaNetworkHandle } from './SolanaNetworkHandle.js'

const DEFAULT_MAX_SIGNATURES = 100

/**
 * A configured Solana cluster as the blockchain service serves it. Makes no call and assumes
 * nothing was started or seeded there: a cluster down at start is served once it answers.
 */
export function connectSolanaNetwork(config: SolanaNetworkConfig): SolanaNetworkHandle {
  return {
    caipNetworkId: config.caipNetworkId,
    name: config.name ?? config.caipNetworkId,
    upstreams: new UpstreamPool(config.rpcUrls, answersGenesis(config.caipNetworkId)),
    tokens: config.tokens ?? [],
    maxSignatures: config.maxSignatures ?? DEFAULT_MAX_SIGNATURES,
  }
}

/**
 * An `UpstreamPool` check: the upstream's `getGenesisHash` starts with the CAIP-2 reference, so a
 * devnet URL configured under mainnet's id is never forwarded to.
 */
function answersGenesis(caipNetworkId: string) {
  const reference = caipNetworkId.slice('solana:'.length)
  return async (url: string): Promise<boolean> => {
    const answer = await callUpstream(url, 'getGenesisHash', [])
    return typeof answer.result === 'string' && answer.result.startsWith(reference)
  }
}
