import { createPublicClient, http } from 'viem'
import { startHardhatNode, type HardhatNode } from './startHardhatNode.js'
import { deployEvmContracts } from './deployEvmContracts.js'
import { LOCAL_EVM_CHAINS } from './localChains.js'
import { UpstreamPool } from '../rpc/UpstreamPool.js'
import type { EvmChainHandle } from '../plugins/services/BackendServices.js'

/**
 * The dev stack's EVM networks (`npm start`, and the tests): two hardhat nodes (31337, 31338) this
 * backend starts, with its test contracts deployed. Served by the same code as a configured
 * network; only what was deployed here (`contracts`: NFTs, ERC-4337, the faucet's USDC) is theirs alone.
 *
 * @param onStarted - told of each node as soon as it runs, so a failure later still stops it
 * @returns the networks, in chain order
 */
export async function startLocalChains(onStarted: (node: HardhatNode) => void): Promise<EvmChainHandle[]> {
  const started = await Promise.allSettled(LOCAL_EVM_CHAINS.map((chain) => startHardhatNode({ chainId: chain.id })))
  for (const result of started) if (result.status === 'fulfilled') onStarted(result.value)
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) throw (failed as PromiseRejectedResult).reason
  const nodes = started.map((result) => (result as PromiseFulfilledResult<HardhatNode>).value)
  const deployed = await Promise.all(LOCAL_EVM_CHAINS.map((chain, index) => deployEvmContracts(nodes[index]!.rpcUrl, chain)))
  return LOCAL_EVM_CHAINS.map((chain, index) => {
    const node = nodes[index]!
    const contracts = deployed[index]!
    return {
      chainId: chain.id,
      caipNetworkId: `eip155:${chain.id}`,
      name: chain.name,
      nodeRpcUrl: node.rpcUrl,
      upstreams: new UpstreamPool([node.rpcUrl]),
      client: createPublicClient({ chain, transport: http(node.rpcUrl, { batch: true, retryCount: 1 }) }),
      nativeCurrency: chain.nativeCurrency,
      tokens: [contracts.usdc, contracts.ltk, contracts.weth, contracts.dust],
      swap: { router: contracts.router, factory: contracts.factory, weth: contracts.weth.address, pairs: contracts.pairs },
      priceFeeds: {},
      history: { source: 'blocks', fromBlock: 0, startedHere: true },
      contracts,
    }
  })
}
