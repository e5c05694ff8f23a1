import { parseAbi } from 'viem'

/**
 * Tether's USDT on Ethereum does not return a bool from `transfer` (SPEC §9: a USDT
 * contract list changes the ERC20 ABI); calling it with the standard ABI makes viem's
 * simulation fail to decode. Keys are lower-case `chainId:address`.
 */
export const USDT_CONTRACTS: ReadonlySet<string> = new Set([
  '1:0xdac17f958d2ee523a2206206994597c13d831ec7',
])

/** ERC20 `transfer` without a return value, as USDT implements it. */
export const usdtAbi = parseAbi([
  'function transfer(address to, uint256 value)',
  'function balanceOf(address owner) view returns (uint256)',
  'function decimals() view returns (uint8)',
  'function symbol() view returns (string)',
])

/** Whether a token on a chain needs the USDT ABI. */
export function isUsdtContract(chainId: number, address: string, extra: ReadonlySet<string> = new Set()): boolean {
  const key = `${chainId}:${address.toLowerCase()}`
  return USDT_CONTRACTS.has(key) || extra.has(key)
}
