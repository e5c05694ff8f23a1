import type { FastifyPluginAsync } from 'fastify'
import type { BackendServices } from '../BackendServices.js'
import { checkoutPage } from '../onramp/checkoutPage.js'
import { FIAT_IN_USD } from '../onramp/onrampCurrencies.js'
import { findOnrampNetwork } from '../onramp/onrampNetworks.js'
import { payOnrampOrder, type OnrampOrder } from '../onramp/payOnrampOrder.js'
import { isSameOriginRequest } from './isSameOriginRequest.js'
import { refuse } from './refuse.js'

/**
 * The checkout an on-ramp URL opens: `GET /onramp/checkout/{id}` shows the order, and its Pay
 * button (`POST /onramp/checkout/{id}/pay`, from this server's own page only) sends the bought
 * asset on the local chain to the wallet, once.
 */
export const onrampCheckoutRoutes: FastifyPluginAsync<{ services: BackendServices }> = async (app, { services }) => {
  const orderById = services.db.prepare<[string], OnrampOrder>('SELECT * FROM onramp_orders WHERE id = ?')
  const claimOrder = services.db.prepare<[string]>("UPDATE onramp_orders SET status = 'paying' WHERE id = ? AND status = 'pending'")
  const settleOrder = services.db.prepare<[string, string | null, string]>('UPDATE onramp_orders SET status = ?, tx_hash = ? WHERE id = ?')

  // The checkout's form posts url-encoded; nothing in it is read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}))

  const OrderParams = { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' } }, required: ['id'] } as const

  // `?currency=EUR`: the total is shown in the currency the visitor chose in Buy (display only: the order holds USD).
  const CheckoutQuery = { type: 'object', properties: { currency: { type: 'string', enum: Object.keys(FIAT_IN_USD) } } } as const
  app.get<{ Params: { id: string }; Querystring: { currency?: string } }>('/onramp/checkout/:id', { schema: { params: OrderParams, querystring: CheckoutQuery } }, async (request, reply) => {
    const order = orderById.get(request.params.id)
    if (!order) return refuse(reply, 404, 'ORDER_NOT_FOUND', 'Checkout not found')
    const network = findOnrampNetwork(services, order.network)
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
      .send(checkoutPage(order, network?.displayName ?? order.network, request.query.currency))
  })

  app.post<{ Params: { id: string } }>('/onramp/checkout/:id/pay', { schema: { params: OrderParams } }, async (request, reply) => {
    // Only the checkout page itself may press Pay: a page elsewhere could post the form (CSRF).
    if (!isSameOriginRequest(request)) return refuse(reply, 403, 'ORIGIN_NOT_ALLOWED', 'Origin not allowed')
    const order = orderById.get(request.params.id)
    if (!order) return refuse(reply, 404, 'ORDER_NOT_FOUND', 'Checkout not found')
    // Claiming the order first makes a double click pay once.
    if (claimOrder.run(order.id).changes === 0) return refuse(reply, 409, 'ORDER_ALREADY_PAID', 'This checkout is already paid')
    let txHash: string
    try {
      txHash = await payOnrampOrder(services, order)
    } catch (error) {
      settleOrder.run('pending', null, order.id)
      request.log.error({ err: error }, 'on-ramp payment failed')
      return refuse(reply, 502, 'PAYMENT_FAILED', 'The payment could not be sent on the local chain')
    }
    settleOrder.run('paid', txHash, order.id)
    const paid = orderById.get(order.id)!
    if (request.headers.accept?.includes('application/json')) return { status: 'paid', txHash, order: paid }
    return reply.code(303).header('location', `/onramp/checkout/${order.id}`).send()
  })
}
