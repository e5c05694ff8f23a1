import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { OnrampCheckoutSignatureInvalidError, OnrampOrderAlreadyPaidError, OnrampPaymentError } from '../errors.js'
import { OriginNotAllowedError } from '../../plugins/requestGuards/errors.js'
import { hasValidCheckoutSignature } from '../providers/signCheckoutQuery.js'
import type { OnrampOrder } from '../payOnrampOrder.js'
import { checkoutPage } from './checkoutPage.js'
import { isSameOriginRequest } from './isSameOriginRequest.js'
import { orderFromCheckoutUrl } from './orderFromCheckoutUrl.js'
import { sendTestCheckoutWebhook } from './sendTestCheckoutWebhook.js'
import type { TestCheckoutKeys } from './TestCheckoutKeys.js'

/** What the stand-in remembers of an order it took: paying, or sent with its hash and whether the backend confirmed it. */
type Delivery = { state: 'paying' } | { state: 'sent'; txHash: string; confirmed: boolean }

/**
 * The test checkout as a separate provider, sharing nothing with the backend but its keys: the
 * order is read from the signed URL, paid once out of the stand-in's own hot wallet (`pay`), and
 * confirmed to the backend by the signed webhook, the same protocol a real provider speaks.
 */
export const hotWalletCheckoutRoutes: FastifyPluginAsync<{ keys: TestCheckoutKeys; pay: (order: OnrampOrder) => Promise<string> }> = async (app, { keys, pay }) => {
  const deliveries = new Map<string, Delivery>()
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}))

  const signedOrder = (request: FastifyRequest) => {
    const url = new URL(request.url, 'http://checkout.invalid')
    if (url.searchParams.get('apiKey') !== keys.apiKey || !hasValidCheckoutSignature(url, keys.secretKey)) throw new OnrampCheckoutSignatureInvalidError()
    return { order: orderFromCheckoutUrl(url), url }
  }
  /** The order as the page shows it: once sent, its hash, and `paid` once the backend confirmed. */
  const shown = (order: OnrampOrder): OnrampOrder => {
    const delivery = deliveries.get(order.id)
    return delivery?.state === 'sent' ? { ...order, tx_hash: delivery.txHash, status: delivery.confirmed ? 'paid' : 'pending' } : order
  }

  app.get('/', async (request, reply) => {
    const { order, url } = signedOrder(request)
    const currency = (url.searchParams.get('baseCurrencyCode') ?? 'usd').toUpperCase()
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
      .send(checkoutPage(shown(order), order.network, currency, `/pay${url.search}`))
  })

  app.post('/pay', async (request, reply) => {
    if (!isSameOriginRequest(request)) throw new OriginNotAllowedError()
    const { order, url } = signedOrder(request)
    // Taken before paying: a second Pay for the same order never pays twice.
    if (deliveries.has(order.id)) throw new OnrampOrderAlreadyPaidError()
    deliveries.set(order.id, { state: 'paying' })
    let txHash: string
    try {
      txHash = await pay(order)
    } catch (error) {
      deliveries.delete(order.id)
      throw new OnrampPaymentError({ cause: error })
    }
    const confirmed = await sendTestCheckoutWebhook(keys, order, txHash).catch(() => false)
    deliveries.set(order.id, { state: 'sent', txHash, confirmed })
    if (!confirmed) throw new OnrampPaymentError({ reason: 'the backend did not confirm the webhook' })
    if (request.headers.accept?.includes('application/json')) return { status: 'paid', txHash }
    return reply.code(303).header('location', `/${url.search}`).send()
  })
}
