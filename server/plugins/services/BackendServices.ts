import type { PublicClient } from 'viem'
import type { EvmContracts } from '../../chains/deployEvmContracts.js'
import type { SolanaCluster } from '../../solana/SolanaCluster.js'
import type { SolanaSeed } from '../../solana/seedSolanaCluster.js'
import type { HistoryIndexer } from '../../blockchain/HistoryIndexer.js'
import type { PriceTable } from '../../blockchain/PriceTable.js'
import type { BalanceCache } from '../../blockchain/BalanceCache.js'
import type { SerialQueue } from '../../onramp/createSerialQueue.js'
import type { NodeCallLimiter } from '../../rpc/NodeCallLimiter.js'
import type { OnrampProvider } from '../../onramp/providers/OnrampProvider.js'
import type { Bundler } from '../../secureSite/bundlers/Bundler.js'

/** One local EVM chain the blockchain service answers from. */
export interface EvmChainHandle {
  chainId: number
  caipNetworkId: string
  name: string
  /** The hardhat node, secret path included: for this server only, never published. */
  nodeRpcUrl: string
  client: PublicClient
  contracts: EvmContracts
}

/** The local Solana cluster the blockchain service answers from. */
export interface SolanaHandle {
  caipNetworkId: string
  cluster: SolanaCluster
  seed: SolanaSeed
}

/**
 * What the blockchain-service routes share: the local chains and their configuration. The
 * storage layer is `app.storage`, the projects `app.projects` (their own plugins), and dev mode's
 * `/dev/deployment` has its own getter (`devFaultsPlugin`).
 */
export interface BackendServices {
  evmChains: Map<string, EvmChainHandle>
  solana: SolanaHandle
  prices: PriceTable
  indexer: HistoryIndexer
  /** EVM balances by block: served only while no new block has been mined. */
  balanceCache: BalanceCache
  /** Name suffix for registrations and suggestions, `.reown.id` by default (SPEC §9). */
  nameSuffix: string
  /** On-ramp payments, one at a time per backend (the faucet's nonce). */
  paymentQueue: SerialQueue
  /** Each user's (or client IP's) in-flight `eth_call`/`eth_estimateGas`, on every path that reaches a node. */
  nodeCalls: NodeCallLimiter
  /** UserOperations the secure site's bundler sponsors per user and day (`SponsorshipQuota`'s default when absent). */
  sponsoredOperationsPerDay?: number
  /** External ERC-4337 bundlers by CAIP-2 chain id (`StartBackendOptions.bundlers`); a chain without one is bundled by the secure site itself. */
  bundlers?: ReadonlyMap<string, Bundler>
  /** The on-ramp provider that signs checkout URLs and webhooks (`StartBackendOptions.onramp`, or dev mode's test checkout); none: on-ramp orders are refused. */
  onramp?: OnrampProvider
}
