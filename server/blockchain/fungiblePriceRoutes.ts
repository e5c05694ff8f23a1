import type { FastifyPluginAsync } from 'fastify'
import { tokenAt } from './knownTokens.js'
import { priceOf } from './PriceTable.js'
import { chainPrices } from './chainPrices.js'
import { NATIVE_ADDRESS } from '../convert/swapRoute.js'
import { CaipAddressOrAddress, projectProperties } from '../http/schemas.js'
import { requestBaseUrl } from '../http/requestBaseUrl.js'

interface PriceBody {
  currency: 'usd'
  addresses: string[]
  projectId: string
}

/**
 * SPEC §7 `POST /v1/fungible/price`: prices of CAIP-10 token addresses (`eip155:31337:0x…`,
 * the native currency as `0xeeee…`) from the price table. Unknown tokens and networks are left out.
 */
export const fungiblePriceRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app
  app.post<{ Body: PriceBody }>(
    '/v1/fungible/price',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            ...projectProperties,
            currency: { type: 'string', enum: ['usd'] },
            addresses: { type: 'array', maxItems: 100, items: CaipAddressOrAddress },
          },
          required: ['currency', 'addresses', 'projectId'],
        },
      },
    },
    async (request) => {
      const baseUrl = requestBaseUrl(request)
      const fungibles = []
      for (const caip of request.body.addresses) {
        const parts = caip.split(':')
        const address = parts.at(-1)!
        const network = parts.length === 3 ? `${parts[0]}:${parts[1]}` : [...services.evmChains.keys()][0]!
        const chain = services.evmChains.get(network)
        if (chain) {
          const token = address.toLowerCase() === NATIVE_ADDRESS ? { name: 'Ether', symbol: 'ETH' } : tokenAt(chain, address)
          if (!token) continue
          fungibles.push({ name: token.name, symbol: token.symbol, iconUrl: `${baseUrl}/public/getTokenImage/${token.symbol}`, price: priceOf(await chainPrices(services, chain), token.symbol) })
        } else if (services.solana && network === services.solana.caipNetworkId) {
          const symbol = address === services.solana.seed.testTokenMint ? services.solana.seed.testTokenSymbol : address === 'So11111111111111111111111111111111111111111' ? 'SOL' : undefined
          if (!symbol) continue
          fungibles.push({ name: symbol === 'SOL' ? 'Solana' : 'Latch USD (Solana)', symbol, iconUrl: `${baseUrl}/public/getTokenImage/${symbol}`, price: priceOf(services.prices, symbol) })
        }
      }
      return { fungibles }
    },
  )
}
