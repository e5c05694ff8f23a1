import type { FastifyPluginAsync } from 'fastify'
import { OnrampOrderAlreadyPaidError, OnrampOrderNotFoundError, OnrampPaymentError } from './errors.js'
import { OriginNotAllowedError } from '../plugins/requestGuards/errors.js'
import { checkoutPage } from './checkoutPage.js'
import { FIAT_IN_USD } from './onrampCurrencies.js'
import { findOnrampNetwork } from './onrampNetworks.js'
import { payOnrampOrder } from './payOnrampOrder.js'
import { OnrampOrders } from './OnrampOrders.js'
import { isSameOriginRequest } from './isSameOriginRequest.js'

/**
 * The checkout an on-ramp URL opens: `GET /onramp/checkout/{id}` shows the order, and its Pay
 * button (`POST /onramp/checkout/{id}/pay`, from this server's own page only) sends the bought
 * asset on the local chain to the wallet, once.
 */
export const onrampCheckoutRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app
  const orders = new OnrampOrders(app.storage)

  // The checkout's form posts url-encoded; nothing in it is read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}))

  const OrderParams = { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' } }, required: ['id'] } as const

  // `?currency=EUR`: the total is shown in the currency the visitor chose in Buy (display only: the order holds USD).
  const CheckoutQuery = { type: 'object', properties: { currency: { type: 'string', enum: Object.keys(FIAT_IN_USD) } } } as const
  app.get<{ Params: { id: string }; Querystring: { currency?: string } }>('/onramp/checkout/:id', { schema: { params: OrderParams, querystring: CheckoutQuery } }, async (request, reply) => {
    const order = await orders.byId(request.params.id)
    if (!order) throw new OnrampOrderNotFoundError()
    const network = findOnrampNetwork(services, order.network)
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
      .send(checkoutPage(order, network?.displayName ?? order.network, request.query.currency))
  })

  app.post<{ Params: { id: string } }>('/onramp/checkout/:id/pay', { schema: { params: OrderParams } }, async (request, reply) => {
    // Only the checkout page itself may press Pay: a page elsewhere could post the form (CSRF).
    if (!isSameOriginRequest(request)) throw new OriginNotAllowedError()
    if (!(await orders.byId(request.params.id))) throw new OnrampOrderNotFoundError()
    // Claiming the order first (one conditional statement, with a lease) makes a double click,
    // or the same Pay on two instances, pay once.
    const claim = await orders.claim(request.params.id)
    if (!claim) throw new OnrampOrderAlreadyPaidError()
    let txHash: string
    try {
      txHash = await payOnrampOrder(services, claim.order)
    } catch (error) {
      await orders.release(claim)
      // The answer names no reason; the error handler logs the cause.
      throw new OnrampPaymentError({ cause: error })
    }
    const paid = await orders.settle(claim, txHash)
    // Paid on chain but the lease was lost (the payment outlived it): say so loudly, never pay again.
    if (!paid) request.log.error({ order: claim.order.id, txHash }, 'on-ramp order paid after its lease ran out')
    // The lease is the server's business: the answer shows the order as the checkout knows it.
    const { paying_until: _until, paying_lease: _lease, ...order } = paid ?? { ...claim.order, status: 'paid' as const, tx_hash: txHash }
    if (request.headers.accept?.includes('application/json')) return { status: 'paid', txHash, order }
    return reply.code(303).header('location', `/onramp/checkout/${order.id}`).send()
  })
}
