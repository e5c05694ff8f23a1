import { getAddress, parseAbi, zeroAddress, type Address } from 'viem'
import type { BackendServices, EvmChainHandle } from '../plugins/services/BackendServices.js'
import { knownTokens } from '../blockchain/knownTokens.js'
import type { DeployedToken } from '../chains/deployEvmContracts.js'
import { SwapInputError } from './errors.js'

/** How swap APIs name a chain's native currency. */
export const NATIVE_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** A swap side: the native currency or a deployed ERC20. */
export type SwapAsset = { kind: 'native'; symbol: 'ETH'; decimals: 18 } | ({ kind: 'token' } & DeployedToken)

/** A network with a Uniswap V2 deployment: the only ones that swap. */
export type SwapChain = EvmChainHandle & { swap: NonNullable<EvmChainHandle['swap']> }

const FACTORY_ABI = parseAbi(['function getPair(address tokenA, address tokenB) view returns (address pair)'])

/**
 * Splits a CAIP-10 address (`eip155:1:0x…`) into its network and asset.
 *
 * @returns `undefined` when the network is not served or has no Uniswap V2 deployment (empty results, SPEC §7)
 * @throws SwapInputError when the network swaps but the asset is not on its token list
 */
export function resolveSwapAsset(services: BackendServices, caip: string, field: string): { chain: SwapChain; asset: SwapAsset } | undefined {
  const parts = caip.split(':')
  if (parts.length !== 3) throw new SwapInputError(`${field} must be a CAIP-10 address (eip155:<chain>:<address>)`)
  const chain = services.evmChains.get(`${parts[0]}:${parts[1]}`)
  if (!chain?.swap) return undefined
  const swapChain = chain as SwapChain
  const address = parts[2]!.toLowerCase()
  if (address === NATIVE_ADDRESS) return { chain: swapChain, asset: { kind: 'native', symbol: 'ETH', decimals: 18 } }
  const token = knownTokens(chain).find((candidate) => candidate.address.toLowerCase() === address)
  if (!token) throw new SwapInputError(`${field} is not a token this network can swap`)
  return { chain: swapChain, asset: { kind: 'token', ...token } }
}

/**
 * The router path between two assets: direct when a pool exists, else through WETH. Pools are
 * those this backend made (a local chain), else the factory's `getPair` on chain.
 */
export async function swapPath(chain: SwapChain, from: SwapAsset, to: SwapAsset): Promise<Address[]> {
  const weth = chain.swap.weth
  const a = from.kind === 'native' ? weth : from.address
  const b = to.kind === 'native' ? weth : to.address
  if (a.toLowerCase() === b.toLowerCase()) throw new SwapInputError('to must differ from from')
  const hasPool = async (x: Address, y: Address) => {
    if (chain.swap.pairs) {
      const wanted = new Set([x.toLowerCase(), y.toLowerCase()])
      const symbols = (address: string) => (address.toLowerCase() === weth.toLowerCase() ? 'WETH' : knownTokens(chain).find((token) => token.address.toLowerCase() === address)?.symbol)
      return Object.keys(chain.swap.pairs).some((key) => key.split('/').every((symbol) => [...wanted].some((address) => symbols(address) === symbol)))
    }
    const pair = await chain.client.readContract({ address: chain.swap.factory, abi: FACTORY_ABI, functionName: 'getPair', args: [x, y] })
    return pair !== zeroAddress
  }
  if (await hasPool(a, b)) return [getAddress(a), getAddress(b)]
  if (!(await hasPool(a, weth)) || !(await hasPool(b, weth))) throw new SwapInputError('to has no pool with from')
  return [getAddress(a), getAddress(weth), getAddress(b)]
}
