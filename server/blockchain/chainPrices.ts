import { formatUnits, parseAbi, type Address } from 'viem'
import type { BackendServices, EvmChainHandle } from '../plugins/services/BackendServices.js'
import type { PriceTable } from './PriceTable.js'

/** Multicall3, at the same address on every chain that has it (its deterministic deployment). */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

const AGGREGATOR_ABI = parseAbi([
  'function decimals() view returns (uint8)',
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
])
/** SPEC §9: portfolio cache 30 s. A feed is read at most this often per network. */
const PRICE_TTL_MS = 30_000

const cache = new WeakMap<EvmChainHandle, { at: number; prices: Promise<PriceTable> }>()

/**
 * USD prices on one network: the configured table (the fixed dev table on the local stack), with
 * each symbol that has a Chainlink-style aggregator read from it instead (`latestRoundData` over
 * `decimals`, through Multicall3 where the network has it). A feed that fails or answers a non-positive price gives no price
 * for its symbol (0, shown as unknown): never the table's made-up one.
 */
export async function chainPrices(services: BackendServices, chain: EvmChainHandle): Promise<PriceTable> {
  const feeds = Object.entries(chain.priceFeeds)
  if (feeds.length === 0) return services.prices
  const cached = cache.get(chain)
  if (cached && Date.now() - cached.at < PRICE_TTL_MS) return cached.prices
  const prices = readFeeds(chain, feeds).then((read) => ({ ...services.prices, ...read }))
  cache.set(chain, { at: Date.now(), prices })
  prices.catch(() => cache.delete(chain))
  return prices
}

async function readFeeds(chain: EvmChainHandle, feeds: [string, Address][]): Promise<Record<string, number>> {
  const contracts = feeds.flatMap(([, address]) => [
    { address, abi: AGGREGATOR_ABI, functionName: 'decimals' } as const,
    { address, abi: AGGREGATOR_ABI, functionName: 'latestRoundData' } as const,
  ])
  const results = chain.multicall3
    ? await chain.client.multicall({ multicallAddress: chain.multicall3, allowFailure: true, contracts })
    : await Promise.all(
        contracts.map((contract) =>
          chain.client.readContract(contract).then(
            (result) => ({ status: 'success' as const, result }),
            (error: unknown) => ({ status: 'failure' as const, error }),
          ),
        ),
      )
  const prices: Record<string, number> = {}
  feeds.forEach(([symbol], index) => {
    const decimals = results[index * 2]
    const round = results[index * 2 + 1]
    const answer = round?.status === 'success' ? (round.result as readonly bigint[])[1]! : 0n
    prices[symbol] = decimals?.status === 'success' && answer > 0n ? Number(formatUnits(answer, Number(decimals.result))) : 0
  })
  return prices
}
