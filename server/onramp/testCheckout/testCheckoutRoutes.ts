import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { OnrampCheckoutSignatureInvalidError, OnrampOrderAlreadyPaidError, OnrampOrderNotFoundError, OnrampPaymentError } from '../errors.js'
import { OriginNotAllowedError } from '../../plugins/requestGuards/errors.js'
import type { BackendServices } from '../../plugins/services/BackendServices.js'
import type { Storage } from '../../plugins/database/openStorage.js'
import { checkoutPage } from './checkoutPage.js'
import { FIAT_IN_USD } from '../onrampCurrencies.js'
import { findOnrampNetwork } from '../onrampNetworks.js'
import { payOnrampOrder } from '../payOnrampOrder.js'
import { OnrampOrders } from '../OnrampOrders.js'
import { isSameOriginRequest } from './isSameOriginRequest.js'
import { hasValidCheckoutSignature } from '../providers/signCheckoutQuery.js'
import type { TestCheckoutKeys } from './TestCheckoutKeys.js'
import { sendTestCheckoutWebhook } from './sendTestCheckoutWebhook.js'

/**
 * The local test checkout, a provider on its own origin speaking the signed-checkout protocol
 * (`signedCheckoutProvider`): `GET /?…&signature=` shows the order its signed URL names, and Pay
 * (`POST /pay?…`, from this page only) sends the asset on the local chain once, then tells the
 * backend with a signed webhook, which alone makes the order `paid`.
 */
export const testCheckoutRoutes: FastifyPluginAsync<{ services: BackendServices; storage: Storage; keys: TestCheckoutKeys }> = async (app, { services, storage, keys }) => {
  const orders = new OnrampOrders(storage)

  // The checkout's form posts url-encoded; nothing in it is read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}))

  /** The order a signed checkout URL names: the signature and the publishable key are checked first. */
  const signedOrder = async (request: FastifyRequest) => {
    const url = new URL(request.url, 'http://checkout.invalid')
    if (url.searchParams.get('apiKey') !== keys.apiKey || !hasValidCheckoutSignature(url, keys.secretKey)) throw new OnrampCheckoutSignatureInvalidError()
    const order = await orders.byId(url.searchParams.get('externalTransactionId') ?? '')
    if (!order) throw new OnrampOrderNotFoundError()
    return { order, url }
  }

  app.get('/', async (request, reply) => {
    const { order, url } = await signedOrder(request)
    const network = findOnrampNetwork(services, order.network)
    const currency = (url.searchParams.get('baseCurrencyCode') ?? 'usd').toUpperCase()
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
      .send(checkoutPage(order, network?.displayName ?? order.network, currency in FIAT_IN_USD ? currency : 'USD', `/pay${url.search}`))
  })

  app.post('/pay', async (request, reply) => {
    // Only the checkout page itself may press Pay: a page elsewhere could post the form (CSRF).
    if (!isSameOriginRequest(request)) throw new OriginNotAllowedError()
    const { order, url } = await signedOrder(request)
    // Claiming the order first (one conditional statement, with a lease) makes a double click,
    // or the same Pay on two instances, pay once.
    const claim = await orders.claim(order.id)
    if (!claim) throw new OnrampOrderAlreadyPaidError()
    let txHash: string
    try {
      txHash = await payOnrampOrder(services, claim.order)
    } catch (error) {
      await orders.release(claim)
      // The answer names no reason; the error handler logs the cause.
      throw new OnrampPaymentError({ cause: error })
    }
    // Sent: never claimable again, whatever the webhook's fate.
    if (!(await orders.recordDelivery(claim, txHash))) request.log.error({ order: order.id, txHash }, 'on-ramp order paid after its lease ran out')
    const confirmed = await sendTestCheckoutWebhook(keys, claim.order, txHash).catch((error: unknown) => {
      request.log.error({ order: order.id, txHash, err: error }, 'the backend refused the test checkout webhook')
      return false
    })
    if (!confirmed) throw new OnrampPaymentError({ reason: 'the backend did not confirm the webhook' })
    const { paying_until: _until, paying_lease: _lease, ...paid } = (await orders.byId(order.id)) ?? { ...claim.order, status: 'paid' as const, tx_hash: txHash }
    if (request.headers.accept?.includes('application/json')) return { status: 'paid', txHash, order: paid }
    return reply.code(303).header('location', `/${url.search}`).send()
  })
}
