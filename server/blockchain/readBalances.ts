import { erc20Abi, formatUnits, parseAbi, type Address } from 'viem'
import type { DeployedToken } from '../chains/deployEvmContracts.js'
import { chainPrices } from './chainPrices.js'

const MULTICALL3_BALANCE_ABI = parseAbi(['function getEthBalance(address addr) view returns (uint256 balance)'])
import type { BackendServices, EvmChainHandle, SolanaHandle } from '../plugins/services/BackendServices.js'
import { knownTokens } from './knownTokens.js'
import { priceOf } from './PriceTable.js'
import { usdValue } from './usdValue.js'
import { parseMint, parseTokenAccount, TOKEN_PROGRAM_ID } from '../solana/splLayouts.js'
import { solanaBalanceEntry } from '../solana/solanaBalanceEntry.js'

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
 * Reads an EVM account's native and listed ERC20 balances on chain: through Multicall3 where the
 * network has it (one `eth_call`), else one batched JSON-RPC request (a local chain).
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
  const prices = await chainPrices(services, chain)
  // Read at the block the cache is keyed by, so a transaction landing meanwhile cannot mix in.
  const [native, ...amounts] = chain.multicall3 ? await readThroughMulticall(chain, chain.multicall3, owner, tokens, block) : await Promise.all([
    chain.client.getBalance({ address: owner, blockNumber: block }),
    ...tokens.map((token) => chain.client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner], blockNumber: block })),
  ])
  const entries: BalanceEntry[] = []
  const push = (name: string, symbol: string, decimals: number, amount: bigint, address?: string) => {
    if (amount === 0n) return
    const numeric = formatUnits(amount, decimals)
    const price = priceOf(prices, symbol)
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
  push(chain.nativeCurrency.name, chain.nativeCurrency.symbol, chain.nativeCurrency.decimals, native ?? 0n)
  tokens.forEach((token, index) => push(token.name, token.symbol, token.decimals, amounts[index] ?? 0n, token.address))
  services.balanceCache.set(chain.caipNetworkId, `${owner}@${baseUrl}`, block, entries)
  return entries
}

/**
 * The native balance and every listed token's in ONE `eth_call` (Multicall3's `getEthBalance` and
 * `balanceOf` per token); a token whose call fails reads as 0 and is left out, as a zero balance is.
 */
async function readThroughMulticall(chain: EvmChainHandle, multicallAddress: Address, owner: Address, tokens: DeployedToken[], blockNumber: bigint): Promise<bigint[]> {
  const results = await chain.client.multicall({
    multicallAddress,
    blockNumber,
    allowFailure: true,
    contracts: [
      { address: multicallAddress, abi: MULTICALL3_BALANCE_ABI, functionName: 'getEthBalance', args: [owner] },
      ...tokens.map((token) => ({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })),
    ] as { address: Address; abi: typeof MULTICALL3_BALANCE_ABI; functionName: 'getEthBalance'; args: [Address] }[],
  })
  return results.map((result) => (result.status === 'success' ? (result.result as bigint) : 0n))
}

/** Reads a Solana account's SOL and SPL token balances from the cluster. */
export function readSolanaBalances(services: BackendServices, solana: SolanaHandle, owner: string, baseUrl: string): BalanceEntry[] {
  const { cluster, seed, caipNetworkId } = solana
  const entries: BalanceEntry[] = []
  const lamports = cluster.balance(owner)
  const entry = solanaBalanceEntry(services.prices, caipNetworkId, baseUrl)
  if (lamports > 0n) entries.push(entry('Solana', 'SOL', 9, lamports))
  for (const account of cluster.svm.getProgramAccounts(cluster.toAddress(TOKEN_PROGRAM_ID))) {
    const parsed = parseTokenAccount(account.data)
    if (!parsed || parsed.owner !== owner || parsed.amount === 0n) continue
    const known = parsed.mint === seed.testTokenMint
    entries.push(
      known
        ? entry('Latch USD (Solana)', seed.testTokenSymbol, seed.testTokenDecimals, parsed.amount, parsed.mint)
        : entry(`Token ${parsed.mint.slice(0, 4)}`, parsed.mint.slice(0, 4).toUpperCase(), mintDecimals(solana, parsed.mint), parsed.amount, parsed.mint),
    )
  }
  return entries
}

function mintDecimals(solana: SolanaHandle, mint: string): number {
  const account = solana.cluster.svm.getAccount(solana.cluster.toAddress(mint))
  return (account.exists && parseMint(account.data)?.decimals) || 0
}
