import { encodeFunctionData, getAddress, type Address, type Hex } from 'viem'
import type { SwapChain } from './swapRoute.js'
import { swapPath, type SwapAsset } from './swapRoute.js'
import { SwapInputError } from './errors.js'
import { routerAbi, swapAmountOut } from './swapAmountOut.js'

/** When neither estimate nor caller gives gas: above what a two-hop V2 swap uses. */
const FALLBACK_SWAP_GAS = 300_000n

/** A transaction as the convert API returns it (`tx` of build-approve and build-transaction). */
export interface ConvertTx {
  from: Address
  to: Address
  data: Hex
  value: string
  amount: string
  eip155: { gas: string; gasPrice: string }
}

/** Shapes a transaction for the convert API. */
export function convertTx(from: Address, to: Address, data: Hex, value: bigint, gas: bigint, gasPrice: bigint): ConvertTx {
  return { from, to, data, value: value.toString(), amount: value.toString(), eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() } }
}

/**
 * The account of a CAIP-10 `userAddress` (`eip155:31337:0x…`).
 *
 * @throws SwapInputError when it is not an EVM account
 */
export function swapUserAddress(caip: string): Address {
  const address = caip.split(':').at(-1) ?? ''
  try {
    return getAddress(address.toLowerCase())
  } catch {
    throw new SwapInputError('userAddress must be an EVM account (eip155:<chain>:0x…)')
  }
}

/**
 * Builds the router call that swaps `amount` of `from` for `to` for `user`, with the minimum out
 * set by `slippage` (percent) and gas estimated on chain (or a fallback when the estimate fails,
 * as it does before the approval is mined, or when `disableEstimate`).
 *
 * @returns the transaction for the convert API
 * @throws SwapInputError for a bad slippage, no pool or an amount the pools cannot price
 * @example
 * const tx = await swapTransaction(chain, { from, to, amount: 10n ** 6n, slippage: 1, user })
 */
export async function swapTransaction(
  chain: SwapChain,
  { from, to, amount, slippage, user, disableEstimate = false }: { from: SwapAsset; to: SwapAsset; amount: bigint; slippage: number; user: Address; disableEstimate?: boolean },
): Promise<ConvertTx> {
  if (!(slippage >= 0 && slippage <= 50)) throw new SwapInputError('eip155/slippage must be between 0 and 50 (percent)')
  const path = await swapPath(chain, from, to)
  const out = await swapAmountOut(chain, amount, path)
  // Slippage in basis points, so 0.5% stays exact in integer math.
  const minOut = (out * BigInt(10_000 - Math.round(slippage * 100))) / 10_000n
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 20 * 60)
  const [functionName, args, value] =
    from.kind === 'native'
      ? (['swapExactETHForTokens', [minOut, path, user, deadline], amount] as const)
      : to.kind === 'native'
        ? (['swapExactTokensForETH', [amount, minOut, path, user, deadline], 0n] as const)
        : (['swapExactTokensForTokens', [amount, minOut, path, user, deadline], 0n] as const)
  const data = encodeFunctionData({ abi: routerAbi(), functionName, args: args as unknown as readonly unknown[] })
  let gas = FALLBACK_SWAP_GAS
  if (!disableEstimate)
    gas = await chain.client.estimateGas({ account: user, to: chain.swap.router, data, value }).then((estimate) => (estimate * 12n) / 10n, () => FALLBACK_SWAP_GAS)
  return convertTx(user, chain.swap.router, data, value, gas, await chain.client.getGasPrice())
}
