import type { Address } from 'viem'
import type { EvmContracts } from '../../chains/deployEvmContracts.js'
import type { SolanaSeed } from '../../solana/seedSolanaCluster.js'

/** One local EVM chain as `GET /dev/deployment` describes it. */
export interface EvmChainDeployment {
  chainId: number
  /** CAIP-2, e.g. `eip155:31337`. */
  caipNetworkId: string
  name: string
  /** The chain RPC through this server: `${url}/v1?chainId=eip155:31337&projectId=latch-dev`. */
  rpcUrl: string
  contracts: EvmContracts
}

/** What the backend started and deployed; the kit's demo and every test read it. */
export interface Deployment {
  /** Base URL of the backend (no trailing slash). */
  url: string
  projectId: string
  /** The embedded wallet's secure site, on its own origin: the AUTH connector's frame URL. */
  secureSiteUrl: string
  /** The dev account of the `test test … junk` mnemonic that holds the test assets. */
  devAccount: Address
  /** The public dev mnemonic every local EVM account derives from (index 0 is `devAccount`). */
  devMnemonic: string
  evm: EvmChainDeployment[]
  /** The local Solana cluster; absent without the local chains (`--no-local-chains`). */
  solana?: {
    caipNetworkId: string
    /** The chain RPC through this server. */
    rpcUrl: string
    /** Its subscriptions: pass as web3.js `wsEndpoint` (the default, port + 1, is wrong here). */
    wsUrl: string
    genesisHash: string
  } & SolanaSeed
}

/** What a backend with its local chains (the default, `npm start`) started: the Solana cluster included. */
export type LocalDeployment = Deployment & { solana: NonNullable<Deployment['solana']> }
