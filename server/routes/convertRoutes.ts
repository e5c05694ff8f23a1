import type { FastifyPluginAsync } from 'fastify'
import { encodeFunctionData, erc20Abi, getAddress, maxUint256, type Address, type Hex } from 'viem'
import type { BackendServices, EvmChainHandle } from '../BackendServices.js'
import { knownTokens } from '../blockchain/knownTokens.js'
import { NATIVE_ADDRESS, resolveSwapAsset, swapPath, SwapInputError } from '../blockchain/swapRoute.js'
import { loadArtifact } from '../chains/loadArtifact.js'
import { CaipNetworkIdString, projectProperties } from './schemas.js'
import { requestBaseUrl } from './requestBaseUrl.js'

/** A CAIP-10 address as the convert API takes it. */
const CaipAccount = { type: 'string', minLength: 5, maxLength: 120, pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-_a-zA-Z0-9]{1,64}$' } as const
/** Base units (no decimals point): what the kit sends. */
const BaseUnits = { type: 'string', pattern: '^[0-9]{1,78}$' } as const
/** When neither estimate nor caller gives gas: above what a two-hop V2 swap uses. */
const FALLBACK_SWAP_GAS = 300_000n
const APPROVE_GAS = 60_000n

const routerAbi = () => loadArtifact('UniswapV2Router02').abi

async function amountsOut(chain: EvmChainHandle, amount: bigint, path: Address[]): Promise<bigint> {
  if (amount === 0n) throw new SwapInputError('amount must be greater than 0')
  try {
    const amounts = (await chain.client.readContract({ address: chain.contracts.router, abi: routerAbi(), functionName: 'getAmountsOut', args: [amount, path] })) as bigint[]
    return amounts.at(-1)!
  } catch {
    // The router reverts on amounts the pools cannot price (overflow, empty reserves).
    throw new SwapInputError('amount cannot be swapped: insufficient liquidity')
  }
}

async function gasPriceOf(chain: EvmChainHandle): Promise<bigint> {
  return chain.client.getGasPrice()
}

/**
 * SPEC §7 convert routes, answered from the local Uniswap V2 router: token list, quotes
 * (`getAmountsOut`), allowance, gas price, approve and swap calldata (with slippage in percent).
 * Networks other than the local EVM chains get empty results.
 */
export const convertRoutes: FastifyPluginAsync<{ services: BackendServices }> = async (app, { services }) => {
  app.get<{ Querystring: { chainId: string } }>(
    '/v1/convert/tokens',
    { schema: { querystring: { type: 'object', properties: { ...projectProperties, chainId: CaipNetworkIdString }, required: ['projectId', 'chainId'] } } },
    async (request) => {
      const chain = services.evmChains.get(request.query.chainId)
      if (!chain) return { tokens: [] }
      const baseUrl = requestBaseUrl(request)
      const entry = (name: string, symbol: string, address: string, decimals: number) => ({
        name,
        symbol,
        address: `${chain.caipNetworkId}:${address}`,
        decimals,
        logoUri: `${baseUrl}/public/getTokenImage/${symbol}`,
      })
      // DUST has no pool: it is left out of what can be swapped.
      const tokens = knownTokens(chain).filter((token) => token.symbol !== 'DUST')
      return { tokens: [entry('Ether', 'ETH', NATIVE_ADDRESS, 18), ...tokens.map((token) => entry(token.name, token.symbol, token.address, token.decimals))] }
    },
  )

  app.get<{ Querystring: { amount: string; userAddress: string; from: string; to: string; gasPrice?: string } }>(
    '/v1/convert/quotes',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { ...projectProperties, amount: BaseUnits, userAddress: CaipAccount, from: CaipAccount, to: CaipAccount, gasPrice: BaseUnits },
          required: ['projectId', 'amount', 'userAddress', 'from', 'to'],
        },
      },
    },
    async (request) => {
      const from = resolveSwapAsset(services, request.query.from, 'from')
      const to = resolveSwapAsset(services, request.query.to, 'to')
      if (!from || !to) return { quotes: [] }
      if (from.chain !== to.chain) throw new SwapInputError('to must be on the same network as from')
      const amount = BigInt(request.query.amount)
      const toAmount = await amountsOut(from.chain, amount, swapPath(from.chain, from.asset, to.asset))
      return {
        quotes: [{ id: `${from.chain.caipNetworkId}:${Date.now()}`, fromAmount: amount.toString(), fromAccount: request.query.from, toAmount: toAmount.toString(), toAccount: request.query.to }],
      }
    },
  )

  app.get<{ Querystring: { tokenAddress: string; userAddress: string } }>(
    '/v1/convert/allowance',
    {
      schema: {
        querystring: { type: 'object', properties: { ...projectProperties, tokenAddress: CaipAccount, userAddress: CaipAccount }, required: ['projectId', 'tokenAddress', 'userAddress'] },
      },
    },
    async (request) => {
      const token = resolveSwapAsset(services, request.query.tokenAddress, 'tokenAddress')
      if (!token) return { allowance: '0' }
      if (token.asset.kind === 'native') return { allowance: maxUint256.toString() }
      const owner = userAddressOf(request.query.userAddress)
      const allowance = await token.chain.client.readContract({ address: token.asset.address, abi: erc20Abi, functionName: 'allowance', args: [owner, token.chain.contracts.router] })
      return { allowance: allowance.toString() }
    },
  )

  app.get<{ Querystring: { chainId: string } }>(
    '/v1/convert/gas-price',
    { schema: { querystring: { type: 'object', properties: { ...projectProperties, chainId: CaipNetworkIdString }, required: ['projectId', 'chainId'] } } },
    async (request, reply) => {
      const chain = services.evmChains.get(request.query.chainId)
      // SPEC §8 'Network not supported for Gas Price' is the kit's reading of this answer.
      if (!chain) return reply.code(400).send({ code: 'UNSUPPORTED_NETWORK', message: 'chainId: network not supported for gas price' })
      const price = await gasPriceOf(chain)
      return { standard: price.toString(), fast: ((price * 12n) / 10n).toString(), instant: ((price * 15n) / 10n).toString() }
    },
  )

  app.get<{ Querystring: { userAddress: string; from: string; to: string; amount?: string } }>(
    '/v1/convert/build-approve',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { ...projectProperties, userAddress: CaipAccount, from: CaipAccount, to: CaipAccount, amount: BaseUnits },
          required: ['projectId', 'userAddress', 'from', 'to'],
        },
      },
    },
    async (request) => {
      const from = resolveSwapAsset(services, request.query.from, 'from')
      if (!from) return { tx: null }
      if (from.asset.kind === 'native') throw new SwapInputError('from is the native currency: nothing to approve')
      const user = userAddressOf(request.query.userAddress)
      const amount = request.query.amount ? BigInt(request.query.amount) : maxUint256
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [from.chain.contracts.router, amount] })
      const gasPrice = await gasPriceOf(from.chain)
      return { tx: txJson(user, from.asset.address, data, 0n, APPROVE_GAS, gasPrice) }
    },
  )

  app.post<{ Body: { amount: string; eip155?: { slippage?: string | number }; from: string; to: string; userAddress: string; disableEstimate?: boolean } }>(
    '/v1/convert/build-transaction',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            ...projectProperties,
            amount: BaseUnits,
            eip155: { type: 'object', properties: { slippage: { anyOf: [{ type: 'number', minimum: 0, maximum: 50 }, { type: 'string', pattern: '^[0-9]{1,2}(\\.[0-9]{1,2})?$' }] } } },
            from: CaipAccount,
            to: CaipAccount,
            userAddress: CaipAccount,
            disableEstimate: { type: 'boolean' },
          },
          required: ['projectId', 'amount', 'from', 'to', 'userAddress'],
        },
      },
    },
    async (request) => {
      const body = request.body
      const from = resolveSwapAsset(services, body.from, 'from')
      const to = resolveSwapAsset(services, body.to, 'to')
      if (!from || !to) return { tx: null }
      if (from.chain !== to.chain) throw new SwapInputError('to must be on the same network as from')
      const chain = from.chain
      const user = userAddressOf(body.userAddress)
      const amount = BigInt(body.amount)
      const path = swapPath(chain, from.asset, to.asset)
      const out = await amountsOut(chain, amount, path)
      const slippage = Number(body.eip155?.slippage ?? 1)
      if (!(slippage >= 0 && slippage <= 50)) throw new SwapInputError('eip155/slippage must be between 0 and 50 (percent)')
      // Slippage in basis points, so 0.5% stays exact in integer math.
      const minOut = (out * BigInt(10_000 - Math.round(slippage * 100))) / 10_000n
      const deadline = BigInt(Math.floor(Date.now() / 1000) + 20 * 60)
      const [functionName, args, value] =
        from.asset.kind === 'native'
          ? (['swapExactETHForTokens', [minOut, path, user, deadline], amount] as const)
          : to.asset.kind === 'native'
            ? (['swapExactTokensForETH', [amount, minOut, path, user, deadline], 0n] as const)
            : (['swapExactTokensForTokens', [amount, minOut, path, user, deadline], 0n] as const)
      const data = encodeFunctionData({ abi: routerAbi(), functionName, args: args as unknown as readonly unknown[] })
      let gas = FALLBACK_SWAP_GAS
      if (!body.disableEstimate) {
        // Estimation fails before the approval is mined; the fallback still covers the swap.
        gas = await chain.client.estimateGas({ account: user, to: chain.contracts.router, data, value }).then((estimate) => (estimate * 12n) / 10n, () => FALLBACK_SWAP_GAS)
      }
      return { tx: txJson(user, chain.contracts.router, data, value, gas, await gasPriceOf(chain)) }
    },
  )
}

function userAddressOf(caip: string): Address {
  const address = caip.split(':').at(-1) ?? ''
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new SwapInputError('userAddress must be an EVM account (eip155:<chain>:0x…)')
  return getAddress(address.toLowerCase())
}

function txJson(from: Address, to: Address, data: Hex, value: bigint, gas: bigint, gasPrice: bigint) {
  return { from, to, data, value: value.toString(), amount: value.toString(), eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() } }
}

