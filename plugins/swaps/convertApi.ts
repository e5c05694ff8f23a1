import type { HttpClient } from '../../ui-shell/plugin.js'

/** A token the swap provider can trade on a network (SPEC §7 `/v1/convert/tokens`). */
export interface SwapToken {
  name: string
  symbol: string
  /** CAIP-10: `eip155:<chain>:<contract>`, the native currency as `0xeeee…`. */
  address: string
  decimals: number
  logoUri?: string
}

/** A transaction as the convert routes build it, for the wallet to sign. */
export interface ConvertTx {
  from: string
  to: string
  data: string
  value: string
  eip155?: { gas?: string; gasPrice?: string }
}

/** The convert, gas-price and price routes of the blockchain service (SPEC §7), answers checked. */
export interface ConvertApi {
  tokens(caipNetworkId: string): Promise<SwapToken[]>
  /** What `amount` (base units) of `from` buys of `to`, in base units; undefined when nothing is quoted. */
  quote(params: { userAddress: string; from: string; to: string; amount: bigint; gasPrice?: bigint }): Promise<bigint | undefined>
  /** The standard gas price in wei; undefined when the service has none for the network. */
  gasPrice(caipNetworkId: string): Promise<bigint | undefined>
  /** USD prices by upper-case symbol. */
  prices(addresses: string[]): Promise<Map<string, number>>
  allowance(params: { tokenAddress: string; userAddress: string }): Promise<bigint>
  buildApprove(params: { userAddress: string; from: string; to: string; amount: bigint }): Promise<ConvertTx | undefined>
  buildTransaction(params: { userAddress: string; from: string; to: string; amount: bigint; slippage: number }): Promise<ConvertTx | undefined>
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
const toBigInt = (value: unknown): bigint | undefined => {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined
  try {
    const result = BigInt(value)
    return result >= 0n ? result : undefined
  } catch {
    return undefined
  }
}

function toSwapToken(value: unknown): SwapToken | undefined {
  if (!isRecord(value)) return undefined
  const { name, symbol, address, decimals, logoUri } = value
  if (typeof symbol !== 'string' || typeof address !== 'string' || address.split(':').length !== 3) return undefined
  if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 36) return undefined
  return { name: typeof name === 'string' ? name : symbol, symbol, address, decimals, logoUri: typeof logoUri === 'string' ? logoUri : undefined }
}

/** An optional whole number in base units: absent is none; anything else that is not one is null (refused). */
function optionalUnits(value: unknown): string | undefined | null {
  if (value === undefined || value === null) return undefined
  return toBigInt(value)?.toString() ?? null
}

function toConvertTx(value: unknown): ConvertTx | undefined {
  if (!isRecord(value)) return undefined
  const { from, to, data, value: amount, eip155 } = value
  if (typeof to !== 'string' || !to.startsWith('0x') || typeof data !== 'string' || !data.startsWith('0x')) return undefined
  // The gas goes to the wallet and prices the fee: one that is not a number refuses the whole transaction.
  const gas = isRecord(eip155) ? optionalUnits(eip155.gas) : undefined
  const gasPrice = isRecord(eip155) ? optionalUnits(eip155.gasPrice) : undefined
  if (gas === null || gasPrice === null) return undefined
  return { from: typeof from === 'string' ? from : '', to, data, value: toBigInt(amount)?.toString() ?? '0', eip155: isRecord(eip155) ? { gas, gasPrice } : undefined }
}

/**
 * The convert API over the kit's blockchain service client. Every answer is checked: a garbage
 * body reads as no tokens, no quote or no transaction, never as a crash.
 *
 * @param client - the blockchain service (`BlockchainClientToken`)
 * @param projectId - sent in POST bodies, as SPEC §7 lists it
 * @param signal - aborts every call when the plugin closes
 * @returns the API
 * @example
 * const api = createConvertApi(blockchain, 'latch-dev')
 * const tokens = await api.tokens('eip155:31337')
 */
export function createConvertApi(client: HttpClient, projectId: string | undefined, signal?: AbortSignal): ConvertApi {
  return {
    async tokens(chainId) {
      const body = await client.get<{ tokens?: unknown }>('/v1/convert/tokens', { query: { chainId }, signal })
      return Array.isArray(body?.tokens) ? body.tokens.map(toSwapToken).filter((token): token is SwapToken => token !== undefined) : []
    },
    async quote({ userAddress, from, to, amount, gasPrice }) {
      const body = await client.get<{ quotes?: unknown }>('/v1/convert/quotes', {
        query: { amount: amount.toString(), userAddress, from, to, gasPrice: gasPrice?.toString() },
        signal,
      })
      const first = Array.isArray(body?.quotes) ? body.quotes[0] : undefined
      return isRecord(first) ? toBigInt(first.toAmount) : undefined
    },
    async gasPrice(chainId) {
      const body = await client.get<Record<string, unknown>>('/v1/convert/gas-price', { query: { chainId }, signal })
      return isRecord(body) ? toBigInt(body.standard) : undefined
    },
    async prices(addresses) {
      const body = await client.post<{ fungibles?: unknown }>('/v1/fungible/price', { currency: 'usd', addresses, projectId }, { signal })
      const prices = new Map<string, number>()
      for (const entry of Array.isArray(body?.fungibles) ? body.fungibles : []) {
        if (isRecord(entry) && typeof entry.symbol === 'string' && typeof entry.price === 'number' && Number.isFinite(entry.price) && entry.price >= 0)
          prices.set(entry.symbol.toUpperCase(), entry.price)
      }
      return prices
    },
    async allowance({ tokenAddress, userAddress }) {
      const body = await client.get<{ allowance?: unknown }>('/v1/convert/allowance', { query: { tokenAddress, userAddress }, signal })
      return toBigInt(body?.allowance) ?? 0n
    },
    async buildApprove({ userAddress, from, to, amount }) {
      const body = await client.get<{ tx?: unknown }>('/v1/convert/build-approve', { query: { userAddress, from, to, amount: amount.toString() }, signal })
      return toConvertTx(body?.tx)
    },
    async buildTransaction({ userAddress, from, to, amount, slippage }) {
      const body = await client.post<{ tx?: unknown }>(
        '/v1/convert/build-transaction',
        { amount: amount.toString(), eip155: { slippage }, projectId, from, to, userAddress, disableEstimate: false },
        { signal },
      )
      return toConvertTx(body?.tx)
    },
  }
}
