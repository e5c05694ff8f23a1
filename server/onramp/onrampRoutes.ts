import type { FastifyPluginAsync } from 'fastify'
import { InvalidFieldError } from '../plugins/requestGuards/errors.js'
import { OnrampNetworkUnsupportedError, OnrampPaymentUnsupportedError, OnrampPurchaseUnsupportedError } from './errors.js'
import { randomUUID } from 'node:crypto'
import { isAddress } from 'viem'
import { priceOf } from '../blockchain/PriceTable.js'
import { findOnrampNetwork, onrampNetworks } from './onrampNetworks.js'
import { onrampPrices } from './onrampPrices.js'
import type { OnrampOrder } from './payOnrampOrder.js'
import { ASSET_DECIMALS, FIAT_IN_USD, MAX_FIAT, PAYMENT_METHOD_LIMITS, PURCHASE_CURRENCIES } from './onrampCurrencies.js'
import { formatOnrampAmount, roundDownTo } from './onrampAmount.js'
import { onrampNetUsd, onrampQuote, onrampTotalUsd } from './onrampQuote.js'
import { isSolanaAddress } from '../solana/isSolanaAddress.js'
import { ProjectQuery, projectProperties } from '../http/schemas.js'
import { OnrampNotConfiguredError } from '../plugins/dev/errors.js'

/**
 * SPEC §7 on-ramp: options, quote and `generators/onrampurl`, whose URL is the configured
 * provider's signed checkout (`services.onramp`; in dev mode the local test checkout on its own
 * origin). Without a provider no order is created (503, "not configured"). The options list the
 * provider's checkout origin: the only one, besides this server's, the kit opens.
 */
export const onrampRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app
  app.get('/v1/onramp/options', { schema: { querystring: ProjectQuery } }, async () => {
    const networks = onrampNetworks(services)
    const purchase = Object.entries(PURCHASE_CURRENCIES).map(([symbol, name]) => ({
      id: symbol,
      name,
      symbol,
      networks: networks
        .filter((network) => symbol in network.assets)
        .map((network) => ({ name: network.name, display_name: network.displayName, chain_id: network.caipNetworkId.split(':')[1], contract_address: network.assets[symbol] })),
    }))
    return {
      paymentCurrencies: Object.keys(FIAT_IN_USD).map((id) => ({ id, payment_method_limits: PAYMENT_METHOD_LIMITS })),
      purchaseCurrencies: purchase,
      checkoutOrigins: services.onramp ? [services.onramp.checkoutOrigin] : [],
    }
  })

  const CurrencyRef = { anyOf: [{ type: 'string', maxLength: 16 }, { type: 'object', properties: { id: { type: 'string', maxLength: 16 }, symbol: { type: 'string', maxLength: 16 } } }] }
  app.post<{ Body: { purchaseCurrency: string | { id?: string; symbol?: string }; paymentCurrency: string | { id?: string }; amount: number | string; network: string } }>(
    '/v1/onramp/quote',
    {
      schema: {
        querystring: ProjectQuery,
        body: {
          type: 'object',
          properties: {
            ...projectProperties,
            purchaseCurrency: CurrencyRef,
            paymentCurrency: CurrencyRef,
            amount: { anyOf: [{ type: 'number', exclusiveMinimum: 0, maximum: MAX_FIAT }, { type: 'string', pattern: '^[0-9]{1,5}(\\.[0-9]{1,2})?$' }] },
            network: { type: 'string', maxLength: 64 },
          },
          required: ['purchaseCurrency', 'paymentCurrency', 'amount', 'network'],
        },
      },
    },
    async (request) => {
      const { body } = request
      const asset = (typeof body.purchaseCurrency === 'string' ? body.purchaseCurrency : (body.purchaseCurrency.symbol ?? body.purchaseCurrency.id ?? '')).toUpperCase()
      const fiat = (typeof body.paymentCurrency === 'string' ? body.paymentCurrency : (body.paymentCurrency.id ?? '')).toUpperCase()
      const network = findOnrampNetwork(services, body.network)
      const amount = Number(body.amount)
      if (!network || !(asset in network.assets)) throw new OnrampPurchaseUnsupportedError()
      if (!(fiat in FIAT_IN_USD)) throw new OnrampPaymentUnsupportedError()
      if (!(amount > 0 && amount <= MAX_FIAT)) throw new InvalidFieldError({ field: 'amount', problem: `must be between 0 and ${MAX_FIAT}` })
      const prices = await onrampPrices(services, network)
      // No price (a feed that failed, an asset priced nowhere): nothing to sell it at.
      if (!(priceOf(prices, asset) > 0)) throw new OnrampPurchaseUnsupportedError()
      return onrampQuote(prices, asset, fiat, amount)
    },
  )

  app.post<{
    Body: {
      destinationWallets: Array<{ address: string; blockchains?: string[]; assets?: string[] }>
      defaultNetwork?: string
      partnerUserId?: string
      defaultExperience?: 'buy' | 'send'
      presetCryptoAmount?: number
      presetFiatAmount?: number
      fiatCurrency?: string
    }
  }>(
    '/v1/generators/onrampurl',
    {
      schema: {
        // Only a project may create orders (each one pays out on chain).
        querystring: ProjectQuery,
        body: {
          type: 'object',
          properties: {
            ...projectProperties,
            destinationWallets: {
              type: 'array',
              minItems: 1,
              maxItems: 10,
              items: {
                type: 'object',
                properties: {
                  address: { type: 'string', minLength: 1, maxLength: 64 },
                  blockchains: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 64 } },
                  assets: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 16 } },
                },
                required: ['address'],
              },
            },
            defaultNetwork: { type: 'string', maxLength: 64 },
            partnerUserId: { type: 'string', maxLength: 128 },
            defaultExperience: { type: 'string', enum: ['buy', 'send'] },
            presetCryptoAmount: { type: 'number', exclusiveMinimum: 0, maximum: 1e9 },
            presetFiatAmount: { type: 'number', exclusiveMinimum: 0, maximum: MAX_FIAT },
            // The currency the visitor pays in: the checkout shows its total in it.
            fiatCurrency: { type: 'string', enum: Object.keys(FIAT_IN_USD) },
          },
          required: ['destinationWallets'],
        },
      },
    },
    async (request) => {
      const provider = services.onramp
      if (!provider) throw new OnrampNotConfiguredError()
      const { body } = request
      const wallet = body.destinationWallets[0]!
      const network = findOnrampNetwork(services, body.defaultNetwork ?? wallet.blockchains?.[0] ?? 'latch-local')
      if (!network) throw new OnrampNetworkUnsupportedError()
      const isSolana = network.caipNetworkId === services.solana?.caipNetworkId
      if (isSolana ? !isSolanaAddress(wallet.address) : !isAddress(wallet.address))
        throw new InvalidFieldError({ field: 'destinationWallets/0/address', problem: 'is not an address on the chosen network' })
      const asset = (wallet.assets?.find((candidate) => candidate.toUpperCase() in network.assets) ?? Object.keys(network.assets)[0]!).toUpperCase()
      const price = priceOf(await onrampPrices(services, network), asset)
      if (!(price > 0)) throw new OnrampPurchaseUnsupportedError()
      // The crypto amount is what is sent, so when given it alone sets the price and is checked
      // against the cap: a presetFiatAmount beside it is ignored, never trusted. Either way the
      // checkout asks for the quote's total, fees included, and sends the quote's amount.
      const worth = body.presetCryptoAmount !== undefined ? body.presetCryptoAmount * price : undefined
      if (worth !== undefined && worth > MAX_FIAT) throw new InvalidFieldError({ field: 'presetCryptoAmount', problem: `is worth more than ${MAX_FIAT} USD` })
      const fiat = worth !== undefined ? onrampTotalUsd(worth) : (body.presetFiatAmount ?? 100)
      const decimals = ASSET_DECIMALS[asset] ?? 6
      const amount = roundDownTo(body.presetCryptoAmount ?? onrampNetUsd(fiat) / price, decimals)
      // The smallest unit the checkout sends; below it the order would pay nothing.
      if (!(amount >= 10 ** -decimals))
        throw new InvalidFieldError({ field: 'presetCryptoAmount', problem: `must be at least ${(10 ** -decimals).toFixed(decimals)} ${asset}` })
      const order: OnrampOrder = {
        id: randomUUID(),
        destination: wallet.address,
        network: network.caipNetworkId,
        asset,
        amount: formatOnrampAmount(amount, decimals),
        fiat_amount: fiat.toFixed(2),
        status: 'pending',
        tx_hash: null,
        created_at: Date.now(),
        paying_until: null,
        paying_lease: null,
      }
      await app.storage.db.insertInto('onramp_orders').values(order).execute()
      return { url: provider.checkoutUrl(order, body.fiatCurrency) }
    },
  )
}
