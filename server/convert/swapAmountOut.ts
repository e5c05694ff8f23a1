import type { Address } from 'viem'
import type { SwapChain } from './swapRoute.js'
import { loadArtifact } from '../chains/loadArtifact.js'
import { SwapInputError } from './errors.js'
import { chainUnavailableAnswer } from '../plugins/errorHandler/chainUnavailableAnswer.js'

/** The Uniswap V2 router's ABI (compiled artifact from npm). */
export const routerAbi = () => loadArtifact('UniswapV2Router02').abi

/**
 * What a swap of `amount` along `path` pays out, by the router's `getAmountsOut`.
 *
 * @param chain - a local EVM chain
 * @param amount - base units of the first asset of `path`
 * @param path - from `swapPath`
 * @returns base units of the last asset of `path`
 * @throws SwapInputError for a zero amount or one the pools cannot price
 * @example
 * const out = await swapAmountOut(chain, 1_000_000n, await swapPath(chain, usdc, ltk))
 */
export async function swapAmountOut(chain: SwapChain, amount: bigint, path: Address[]): Promise<bigint> {
  if (amount === 0n) throw new SwapInputError('amount must be greater than 0')
  try {
    const amounts = (await chain.client.readContract({ address: chain.swap.router, abi: routerAbi(), functionName: 'getAmountsOut', args: [amount, path] })) as bigint[]
    return amounts.at(-1)!
  } catch (error) {
    // A dead node is not the caller's fault: let it reach the 502/503 mapping.
    if (chainUnavailableAnswer(error)) throw error
    // The router reverts on amounts the pools cannot price (overflow, empty reserves).
    throw new SwapInputError('amount cannot be swapped: insufficient liquidity')
  }
}
