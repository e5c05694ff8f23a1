import { localSolanaNetwork } from 'latch/chains/networks'
import type { Network } from 'latch/chains/networks'

/**
 * The backend's local Solana cluster as a network for the kit, found through the public
 * `GET /v1/supported-chains` (SPEC §7), or undefined when the backend serves none. Its CAIP-2
 * reference is the genesis hash's first 32 characters, all that `localSolanaNetwork` keeps.
 *
 * @param projectId - the demo's project
 */
export async function findSolanaCluster(projectId: string): Promise<Network | undefined> {
  try {
    const response = await fetch(`/v1/supported-chains?projectId=${projectId}`)
    const body = response.ok ? ((await response.json()) as { http?: unknown }) : undefined
    const caipNetworkId = Array.isArray(body?.http) ? body.http.find((id): id is string => typeof id === 'string' && id.startsWith('solana:')) : undefined
    if (!caipNetworkId) return undefined
    return localSolanaNetwork(`${location.origin}/v1?chainId=${caipNetworkId}&projectId=${projectId}`, caipNetworkId.slice('solana:'.length))
  } catch {
    return undefined
  }
}
