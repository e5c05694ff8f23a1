import type { Address, PublicClient } from 'viem'
import type { DeployedToken, EvmContracts } from '../../chains/deployEvmContracts.js'
import type { UpstreamPool } from '../../rpc/UpstreamPool.js'
import type { UniswapV2Config } from '../../networks/NetworkConfig.js'
import type { SolanaCluster } from '../../solana/SolanaCluster.js'
import type { SolanaSeed } from '../../solana/seedSolanaCluster.js'
import type { SolanaNetworkHandle } from '../../solana/configured/SolanaNetworkHandle.js'
import type { HistoryIndexer } from '../../blockchain/HistoryIndexer.js'
import type { LogHistoryReader } from '../../blockchain/LogHistoryReader.js'
import type { PriceTable } from '../../blockchain/PriceTable.js'
import type { BalanceCache } from '../../blockchain/BalanceCache.js'
import type { SerialQueue } from '../../onramp/createSerialQueue.js'
import type { NodeCallLimiter } from '../../rpc/NodeCallLimiter.js'
import type { OnrampProvider } from '../../onramp/providers/OnrampProvider.js'
import type { Bundler } from '../../secureSite/bundlers/Bundler.js'

/** Where an EVM network's history comes from. */
export type HistorySource =
  /**
   * A block follower: every block read whole from `fromBlock`, native transfers included (a local
   * chain this backend started, from 0; or a configured network's `history.blockFollower`).
   * `startedHere`: the chain is new on each boot, so its index is wiped at boot.
   */
  | { source: 'blocks'; fromBlock: number; startedHere: boolean }
  /** ERC-20/ERC-721 Transfer logs in bounded `eth_getLogs` ranges (native transfers unavailable). */
  | { source: 'logs'; fromBlock?: number; maxBlockRange: number }

/** One EVM network the blockchain service answers from: a configured one, or a local chain this backend started. */
export interface EvmChainHandle {
  chainId: number
  caipNetworkId: string
  name: string
  /** The first upstream (for a local chain, the hardhat node, secret path included): for this server only, never published. */
  nodeRpcUrl: string
  /** Every upstream, ranked with fallback (SPEC §9): what the public chain RPC forwards to. */
  upstreams: UpstreamPool
  client: PublicClient
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** The ERC-20s whose balances are read (the network's token list), in display order. */
  tokens: DeployedToken[]
  /** The network's Uniswap V2 deployment; `pairs` known up front only where this backend made them. */
  swap?: UniswapV2Config & { pairs?: Record<string, Address> }
  /** USD price aggregators by symbol (Chainlink-style). */
  priceFeeds: Record<string, Address>
  history: HistorySource
  /** Multicall3's address where balances are read through it (a configured network: the canonical one). */
  multicall3?: Address
  /** What this backend deployed itself: only on a local chain it started (NFT collections, ERC-4337, the faucet's USDC). */
  contracts?: EvmContracts
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
  solana?: SolanaHandle
  /** Solana clusters from configuration, by CAIP-2 id: read through their nodes, nothing started or seeded there. */
  solanaNetworks?: ReadonlyMap<string, SolanaNetworkHandle>
  prices: PriceTable
  indexer: HistoryIndexer
  /** History of configured networks, from Transfer logs. */
  logHistory: LogHistoryReader
  /** EVM balances by block: served only while no new block has been mined. */
  balanceCache: BalanceCache
  /** Name suffix for registrations and suggestions, `.reown.id` by default (SPEC §9). */
  nameSuffix: string
  /** On-ramp payments, one at a time per backend and, on Postgres, across instances (the faucet's nonce: `ChainLocks`). */
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
