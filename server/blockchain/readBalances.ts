import { erc20Abi, formatUnits } from 'viem'
import type { BackendServices, EvmChainHandle } from '../plugins/services/BackendServices.js'
import { knownTokens } from './knownTokens.js'
import { priceOf } from './PriceTable.js'
import { usdValue } from './usdValue.js'
import { parseMint, parseTokenAccount, TOKEN_PROGRAM_ID } from '../solana/splLayouts.js'

/** One balance as `/v1/account/{address}/balance` returns it (SPEC §3 token balance). */
export interface BalanceEntry {
  name: string
  symbol: string
  chainId: string
  /** CAIP-10 of the token contract; absent for the native currency. */
  address?: string
  value: number
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

/**
 * Reads an EVM account's native and ERC20 balances on chain (one batched JSON-RPC request).
 * Zero balances are left out, as a portfolio API does.
 */
export async function readEvmBalances(
  services: BackendServices,
  chain: EvmChainHandle,
  owner: `0x${string}`,
  baseUrl: string,
  { forceUpdate = false }: { forceUpdate?: boolean } = {},
): Promise<BalanceEntry[]> {
  const block = await chain.client.getBlockNumber({ cacheTime: 0 })
  const cached = forceUpdate ? undefined : services.balanceCache.get(chain.caipNetworkId, `${owner}@${baseUrl}`, block)
  if (cached) return cached
  const tokens = knownTokens(chain)
  // Read at the block the cache is keyed by, so a transaction landing meanwhile cannot mix in.
  const [native, ...amounts] = await Promise.all([
    chain.client.getBalance({ address: owner, blockNumber: block }),
    ...tokens.map((token) => chain.client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner], blockNumber: block })),
  ])
  const entries: BalanceEntry[] = []
  const push = (name: string, symbol: string, decimals: number, amount: bigint, address?: string) => {
    if (amount === 0n) return
    const numeric = formatUnits(amount, decimals)
    const price = priceOf(services.prices, symbol)
    entries.push({
      name,
      symbol,
      chainId: chain.caipNetworkId,
      ...(address ? { address: `${chain.caipNetworkId}:${address}` } : {}),
      value: usdValue(numeric, price),
      price,
      quantity: { decimals: String(decimals), numeric },
      iconUrl: `${baseUrl}/public/getTokenImage/${symbol}`,
    })
  }
  push('Ether', 'ETH', 18, native)
  tokens.forEach((token, index) => push(token.name, token.symbol, token.decimals, amounts[index] ?? 0n, token.address))
  services.balanceCache.set(chain.caipNetworkId, `${owner}@${baseUrl}`, block, entries)
  return entries
}

/** Reads a Solana account's SOL and SPL token balances from the cluster. */
export function readSolanaBalances(services: BackendServices, owner: string, baseUrl: string): BalanceEntry[] {
  const { cluster, seed, caipNetworkId } = services.solana
  const entries: BalanceEntry[] = []
  const lamports = cluster.balance(owner)
  const entry = (name: string, symbol: string, decimals: number, amount: bigint, address?: string): BalanceEntry => {
    const numeric = formatUnits(amount, decimals)
    const price = priceOf(services.prices, symbol)
    return {
      name,
      symbol,
      chainId: caipNetworkId,
      ...(address ? { address: `${caipNetworkId}:${address}` } : {}),
      value: usdValue(numeric, price),
      price,
      quantity: { decimals: String(decimals), numeric },
      iconUrl: `${baseUrl}/public/getTokenImage/${symbol}`,
    }
  }
  if (lamports > 0n) entries.push(entry('Solana', 'SOL', 9, lamports))
  for (const account of cluster.svm.getProgramAccounts(cluster.toAddress(TOKEN_PROGRAM_ID))) {
    const parsed = parseTokenAccount(account.data)
    if (!parsed || parsed.owner !== owner || parsed.amount === 0n) continue
    const known = parsed.mint === seed.testTokenMint
    entries.push(
      known
        ? entry('Latch USD (Solana)', seed.testTokenSymbol, seed.testTokenDecimals, parsed.amount, parsed.mint)
        : entry(`Token ${parsed.mint.slice(0, 4)}`, parsed.mint.slice(0, 4).toUpperCase(), mintDecimals(services, parsed.mint), parsed.amount, parsed.mint),
    )
  }
  return entries
}

function mintDecimals(services: BackendServices, mint: string): number {
  const account = services.solana.cluster.svm.getAccount(services.solana.cluster.toAddress(mint))
  return (account.exists && parseMint(account.data)?.decimals) || 0
}
