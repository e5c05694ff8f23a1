import type { FastifyPluginAsync } from 'fastify'
import { randomUUID } from 'node:crypto'
import { isAddress } from 'viem'
import type { BackendServices } from '../BackendServices.js'
import { priceOf } from '../blockchain/PriceTable.js'
import { checkoutPage } from '../onramp/checkoutPage.js'
import { findOnrampNetwork, onrampNetworks } from '../onramp/onrampNetworks.js'
import { payOnrampOrder, type OnrampOrder } from '../onramp/payOnrampOrder.js'
import { isSolanaAddress } from '../solana/isSolanaAddress.js'
import { ProjectQuery, projectProperties } from './schemas.js'
import { requestBaseUrl } from './requestBaseUrl.js'

/** USD per unit of each payment currency (a fixed table: the local on-ramp has no market). */
const FIAT_IN_USD: Record<string, number> = { USD: 1, EUR: 1.08, GBP: 1.27 }
/** SPEC §9 fallback limits: card 10-7,500; bank transfer 10-25,000. */
const LIMITS = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
]
const MAX_FIAT = 25_000
/** Provider fee 1.5% (SPEC §1: 1-2%) plus a flat network fee. */
const PROVIDER_FEE = 0.015
const NETWORK_FEE_USD = 0.5
const DECIMALS: Record<string, number> = { ETH: 8, USDC: 6, SOL: 6 }

const roundTo = (value: number, places: number) => Math.floor(value * 10 ** places) / 10 ** places

/** Fiat amount → crypto amount after fees, in the payment currency. */
function quoteOf(services: BackendServices, asset: string, fiat: string, fiatAmount: number) {
  const usd = fiatAmount * FIAT_IN_USD[fiat]!
  const providerFee = usd * PROVIDER_FEE
  const net = Math.max(0, usd - providerFee - NETWORK_FEE_USD)
  const price = priceOf(services.prices, asset)
  const toFiat = (value: number) => (value / FIAT_IN_USD[fiat]!).toFixed(2)
  return {
    purchaseAmount: { amount: price > 0 ? roundTo(net / price, DECIMALS[asset] ?? 6).toString() : '0', currency: asset },
    paymentTotal: { amount: fiatAmount.toFixed(2), currency: fiat },
    paymentSubtotal: { amount: toFiat(net), currency: fiat },
    networkFee: { amount: toFiat(NETWORK_FEE_USD), currency: fiat },
    coinbaseFee: { amount: toFiat(providerFee), currency: fiat },
    quoteId: randomUUID(),
  }
}

/**
 * SPEC §7 on-ramp: options, quote and `generators/onrampurl`, whose URL opens a checkout page
 * on this server; its Pay button sends the bought asset on the local chain to the wallet.
 */
export const onrampRoutes: FastifyPluginAsync<{ services: BackendServices }> = async (app, { services }) => {
  const insertOrder = services.db.prepare(
    'INSERT INTO onramp_orders (id, destination, network, asset, amount, fiat_amount, status, tx_hash, created_at) VALUES (@id, @destination, @network, @asset, @amount, @fiat_amount, @status, @tx_hash, @created_at)',
  )
  const orderById = services.db.prepare<[string], OnrampOrder>('SELECT * FROM onramp_orders WHERE id = ?')
  const claimOrder = services.db.prepare<[string]>("UPDATE onramp_orders SET status = 'paying' WHERE id = ? AND status = 'pending'")
  const settleOrder = services.db.prepare<[string, string | null, string]>('UPDATE onramp_orders SET status = ?, tx_hash = ? WHERE id = ?')

  // The checkout's form posts url-encoded; nothing in it is read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}))

  app.get('/v1/onramp/options', { schema: { querystring: ProjectQuery } }, async () => {
    const networks = onrampNetworks(services)
    const purchase = ['ETH', 'USDC', 'SOL'].map((symbol) => ({
      id: symbol,
      name: symbol === 'ETH' ? 'Ether' : symbol === 'USDC' ? 'Latch USD' : 'Solana',
      symbol,
      networks: networks
        .filter((network) => symbol in network.assets)
        .map((network) => ({ name: network.name, display_name: network.displayName, chain_id: network.caipNetworkId.split(':')[1], contract_address: network.assets[symbol] })),
    }))
    return { paymentCurrencies: Object.keys(FIAT_IN_USD).map((id) => ({ id, payment_method_limits: LIMITS })), purchaseCurrencies: purchase }
  })

  const CurrencyRef = { anyOf: [{ type: 'string', maxLength: 16 }, { type: 'object', properties: { id: { type: 'string', maxLength: 16 }, symbol: { type: 'string', maxLength: 16 } } }] }
  app.post<{ Body: { purchaseCurrency: string | { id?: string; symbol?: string }; paymentCurrency: string | { id?: string }; amount: number | string; network: string } }>(
    '/v1/onramp/quote',
    {
      schema: {
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
    async (request, reply) => {
      const { body } = request
      const asset = (typeof body.purchaseCurrency === 'string' ? body.purchaseCurrency : (body.purchaseCurrency.symbol ?? body.purchaseCurrency.id ?? '')).toUpperCase()
      const fiat = (typeof body.paymentCurrency === 'string' ? body.paymentCurrency : (body.paymentCurrency.id ?? '')).toUpperCase()
      const network = findOnrampNetwork(services, body.network)
      const amount = Number(body.amount)
      if (!network || !(asset in network.assets)) return reply.code(400).send({ code: 'UNSUPPORTED_PURCHASE', message: 'purchaseCurrency is not sold on network' })
      if (!(fiat in FIAT_IN_USD)) return reply.code(400).send({ code: 'UNSUPPORTED_PAYMENT', message: 'paymentCurrency must be USD, EUR or GBP' })
      if (!(amount > 0 && amount <= MAX_FIAT)) return reply.code(400).send({ code: 'INVALID_REQUEST', message: `amount must be between 0 and ${MAX_FIAT}` })
      return quoteOf(services, asset, fiat, amount)
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
    }
  }>(
    '/v1/generators/onrampurl',
    {
      schema: {
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
          },
          required: ['destinationWallets'],
        },
      },
    },
    async (request, reply) => {
      const { body } = request
      const wallet = body.destinationWallets[0]!
      const network = findOnrampNetwork(services, body.defaultNetwork ?? wallet.blockchains?.[0] ?? 'latch-local')
      if (!network) return reply.code(400).send({ code: 'UNSUPPORTED_NETWORK', message: 'defaultNetwork is not a network this on-ramp serves' })
      const isSolana = network.caipNetworkId === services.solana.caipNetworkId
      if (isSolana ? !isSolanaAddress(wallet.address) : !isAddress(wallet.address))
        return reply.code(400).send({ code: 'INVALID_REQUEST', message: 'destinationWallets/0/address is not an address on the chosen network' })
      const asset = (wallet.assets?.find((candidate) => candidate.toUpperCase() in network.assets) ?? Object.keys(network.assets)[0]!).toUpperCase()
      const price = priceOf(services.prices, asset)
      const fiat = body.presetFiatAmount ?? (body.presetCryptoAmount !== undefined ? body.presetCryptoAmount * price : 100)
      if (fiat > MAX_FIAT) return reply.code(400).send({ code: 'INVALID_REQUEST', message: `presetCryptoAmount is worth more than ${MAX_FIAT} USD` })
      const amount = body.presetCryptoAmount ?? roundTo(fiat / price, DECIMALS[asset] ?? 6)
      const order: OnrampOrder = {
        id: randomUUID(),
        destination: wallet.address,
        network: network.caipNetworkId,
        asset,
        amount: String(amount),
        fiat_amount: fiat.toFixed(2),
        status: 'pending',
        tx_hash: null,
        created_at: Date.now(),
      }
      insertOrder.run(order)
      return { url: `${requestBaseUrl(request)}/onramp/checkout/${order.id}` }
    },
  )

  const OrderParams = { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' } }, required: ['id'] } as const

  app.get<{ Params: { id: string } }>('/onramp/checkout/:id', { schema: { params: OrderParams } }, async (request, reply) => {
    const order = orderById.get(request.params.id)
    if (!order) return reply.code(404).send({ code: 'ORDER_NOT_FOUND', message: 'Checkout not found' })
    const network = findOnrampNetwork(services, order.network)
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
      .send(checkoutPage(order, network?.displayName ?? order.network))
  })

  app.post<{ Params: { id: string } }>('/onramp/checkout/:id/pay', { schema: { params: OrderParams } }, async (request, reply) => {
    const order = orderById.get(request.params.id)
    if (!order) return reply.code(404).send({ code: 'ORDER_NOT_FOUND', message: 'Checkout not found' })
    // Claiming the order first makes a double click pay once.
    if (claimOrder.run(order.id).changes === 0) return reply.code(409).send({ code: 'ORDER_ALREADY_PAID', message: 'This checkout is already paid' })
    let txHash: string
    try {
      txHash = await payOnrampOrder(services, order)
    } catch (error) {
      settleOrder.run('pending', null, order.id)
      request.log.error({ err: error }, 'on-ramp payment failed')
      return reply.code(502).send({ code: 'PAYMENT_FAILED', message: 'The payment could not be sent on the local chain' })
    }
    settleOrder.run('paid', txHash, order.id)
    const paid = orderById.get(order.id)!
    if (request.headers.accept?.includes('application/json')) return { status: 'paid', txHash, order: paid }
    return reply.code(303).header('location', `/onramp/checkout/${order.id}`).send()
  })
}
