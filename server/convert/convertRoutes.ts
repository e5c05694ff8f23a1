import type { FastifyPluginAsync } from 'fastify'
import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import { knownTokens } from '../blockchain/knownTokens.js'
import { NATIVE_ADDRESS, resolveSwapAsset, swapPath } from './swapRoute.js'
import { SwapInputError } from './errors.js'
import { swapAmountOut } from './swapAmountOut.js'
import { convertTx, swapTransaction, swapUserAddress } from './swapTransaction.js'
import { BaseUnits, CaipAccount, CaipNetworkIdString, projectProperties } from '../http/schemas.js'
import { requestBaseUrl } from '../http/requestBaseUrl.js'

const APPROVE_GAS = 60_000n

/**
 * SPEC §7 convert routes, answered from the local Uniswap V2 router: token list, quotes
 * (`getAmountsOut`), allowance, gas price, approve and swap calldata (with slippage in percent).
 * Networks other than the local EVM chains get empty results.
 */
export const convertRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app
  app.get<{ Querystring: { chainId: string } }>(
    '/v1/convert/tokens',
    { schema: { querystring: { type: 'object', properties: { ...projectProperties, chainId: CaipNetworkIdString }, required: ['projectId', 'chainId'] } } },
    async (request) => {
      const chain = services.evmChains.get(request.query.chainId)
      if (!chain?.swap) return { tokens: [] }
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
      const toAmount = await swapAmountOut(from.chain, amount, await swapPath(from.chain, from.asset, to.asset))
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
      const owner = swapUserAddress(request.query.userAddress)
      const allowance = await token.chain.client.readContract({ address: token.asset.address, abi: erc20Abi, functionName: 'allowance', args: [owner, token.chain.swap.router] })
      return { allowance: allowance.toString() }
    },
  )

  app.get<{ Querystring: { chainId: string } }>(
    '/v1/convert/gas-price',
    { schema: { querystring: { type: 'object', properties: { ...projectProperties, chainId: CaipNetworkIdString }, required: ['projectId', 'chainId'] } } },
    async (request) => {
      const chain = services.evmChains.get(request.query.chainId)
      // SPEC §7: unsupported networks return empty results; the kit reads the missing prices as
      // SPEC §8 'Network not supported for Gas Price'.
      if (!chain) return {}
      const price = await chain.client.getGasPrice()
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
      const user = swapUserAddress(request.query.userAddress)
      const amount = request.query.amount ? BigInt(request.query.amount) : maxUint256
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [from.chain.swap.router, amount] })
      return { tx: convertTx(user, from.asset.address, data, 0n, APPROVE_GAS, await from.chain.client.getGasPrice()) }
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
      const tx = await swapTransaction(from.chain, {
        from: from.asset,
        to: to.asset,
        amount: BigInt(body.amount),
        slippage: Number(body.eip155?.slippage ?? 1),
        user: swapUserAddress(body.userAddress),
        disableEstimate: body.disableEstimate,
      })
      return { tx }
    },
  )
}
