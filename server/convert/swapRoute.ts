import { getAddress, type Address } from 'viem'
import type { BackendServices, EvmChainHandle } from '../plugins/services/BackendServices.js'
import { knownTokens } from '../blockchain/knownTokens.js'
import type { DeployedToken } from '../chains/deployEvmContracts.js'
import { SwapInputError } from './errors.js'

/** How swap APIs name a chain's native currency. */
export const NATIVE_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** A swap side: the native currency or a deployed ERC20. */
export type SwapAsset = { kind: 'native'; symbol: 'ETH'; decimals: 18 } | ({ kind: 'token' } & DeployedToken)

/**
 * Splits a CAIP-10 address (`eip155:31337:0x…`) into its local chain and asset.
 *
 * @returns `undefined` when the network is not one of the local EVM chains (empty results, SPEC §7)
 * @throws SwapInputError when the network is local but the asset is unknown
 */
export function resolveSwapAsset(services: BackendServices, caip: string, field: string): { chain: EvmChainHandle; asset: SwapAsset } | undefined {
  const parts = caip.split(':')
  if (parts.length !== 3) throw new SwapInputError(`${field} must be a CAIP-10 address (eip155:<chain>:<address>)`)
  const chain = services.evmChains.get(`${parts[0]}:${parts[1]}`)
  if (!chain) return undefined
  const address = parts[2]!.toLowerCase()
  if (address === NATIVE_ADDRESS) return { chain, asset: { kind: 'native', symbol: 'ETH', decimals: 18 } }
  const token = knownTokens(chain).find((candidate) => candidate.address.toLowerCase() === address)
  if (!token) throw new SwapInputError(`${field} is not a token this network can swap`)
  return { chain, asset: { kind: 'token', ...token } }
}

/** The router path between two assets: direct when a pool exists, else through WETH. */
export function swapPath(chain: EvmChainHandle, from: SwapAsset, to: SwapAsset): Address[] {
  const weth = chain.contracts.weth.address
  const a = from.kind === 'native' ? weth : from.address
  const b = to.kind === 'native' ? weth : to.address
  if (a.toLowerCase() === b.toLowerCase()) throw new SwapInputError('to must differ from from')
  const pools = Object.keys(chain.contracts.pairs).map((key) => key.split('/'))
  const symbolOf = (address: Address) => [...knownTokens(chain)].find((token) => token.address.toLowerCase() === address.toLowerCase())?.symbol
  const direct = pools.some(([x, y]) => (x === symbolOf(a) && y === symbolOf(b)) || (x === symbolOf(b) && y === symbolOf(a)))
  if (direct) return [getAddress(a), getAddress(b)]
  const viaWeth = pools.some(([x, y]) => [x, y].includes(symbolOf(a)!) && [x, y].includes('WETH')) && pools.some(([x, y]) => [x, y].includes(symbolOf(b)!) && [x, y].includes('WETH'))
  if (!viaWeth) throw new SwapInputError('to has no pool with from')
  return [getAddress(a), getAddress(weth), getAddress(b)]
}
