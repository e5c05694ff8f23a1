import type { PublicClient } from 'viem'
import type { EvmContracts } from './chains/deployEvmContracts.js'
import type { Deployment } from './Deployment.js'
import type { SolanaCluster } from './solana/SolanaCluster.js'
import type { SolanaSeed } from './solana/seedSolanaCluster.js'
import type { LatchDatabase } from './storage/openDatabase.js'
import type { HistoryIndexer } from './blockchain/HistoryIndexer.js'
import type { PriceTable } from './blockchain/PriceTable.js'
import type { BalanceCache } from './blockchain/BalanceCache.js'

/** One local EVM chain the blockchain service answers from. */
export interface EvmChainHandle {
  chainId: number
  caipNetworkId: string
  name: string
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

/** What the blockchain-service routes share: chains, storage and configuration. */
export interface BackendServices {
  db: LatchDatabase
  evmChains: Map<string, EvmChainHandle>
  solana: SolanaHandle
  prices: PriceTable
  indexer: HistoryIndexer
  /** EVM balances by block: served only while no new block has been mined. */
  balanceCache: BalanceCache
  /** Name suffix for registrations and suggestions, `.reown.id` by default (SPEC §9). */
  nameSuffix: string
  /** Filled once the server listens. */
  deployment?: Deployment
}
