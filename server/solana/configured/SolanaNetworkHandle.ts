import type { UpstreamPool } from '../../rpc/UpstreamPool.js'
import type { SolanaListedToken } from '../../networks/NetworkConfig.js'

/** A configured Solana cluster the blockchain service answers from: read through its nodes only. */
export interface SolanaNetworkHandle {
  caipNetworkId: string
  name: string
  /** Every upstream, ranked with fallback (SPEC §9); each used once its genesis hash matched. */
  upstreams: UpstreamPool
  /** SPL tokens whose balances are read, in display order. */
  tokens: SolanaListedToken[]
  /** Signatures read per account and request at most. */
  maxSignatures: number
}
