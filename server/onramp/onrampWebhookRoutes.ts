import type { FastifyPluginAsync } from 'fastify'
import { OnrampOrderNotFoundError, OnrampProviderUnknownError, OnrampWebhookMismatchError, OnrampWebhookReplayedError } from './errors.js'
import { InvalidFieldError } from '../plugins/requestGuards/errors.js'
import { atomically, someRow, type AtomicStep } from '../plugins/database/atomically.js'
import type { OnrampProvider, OnrampWebhookEvent } from './providers/OnrampProvider.js'
import type { OnrampOrder } from './payOnrampOrder.js'

/** Events older than this are forgotten: their timestamps are far outside any replay window by then. */
const KEEP_EVENTS_MS = 24 * 3600_000

/** The first field of the event that differs from the order it names, if any. */
function mismatchOf(event: OnrampWebhookEvent, order: OnrampOrder): string | undefined {
  if (event.walletAddress.toLowerCase() !== order.destination.toLowerCase()) return 'walletAddress'
  if (event.currencyCode.toUpperCase() !== order.asset) return 'currency'
  if (event.network !== order.network) return 'network'
  if (Number(event.cryptoAmount) !== Number(order.amount)) return 'quoteCurrencyAmount'
  return undefined
}

/**
 * `POST /v1/onramp/webhook/{provider}`: the provider's word that an order was delivered, the only
 * way an order becomes `paid`. Checked in this order, each refusal writing nothing: the
 * signature over the raw body and its time window (the provider), the order it names and that
 * the wallet, asset, network and amount are the order's, then the event id not seen before
 * (stored with the confirmation in one transaction, so a replay is refused on any instance).
 */
export const onrampWebhookRoutes: FastifyPluginAsync<{ providers: ReadonlyMap<string, OnrampProvider> }> = async (app, { providers }) => {
  // The signature covers the exact bytes: the body is kept as text and parsed only once verified.
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => done(null, body))

  const Params = { type: 'object', properties: { provider: { type: 'string', pattern: '^[a-z0-9-]{1,32}$' } }, required: ['provider'] } as const
  app.post<{ Params: { provider: string }; Body: string }>('/v1/onramp/webhook/:provider', { schema: { params: Params } }, async (request) => {
    const provider = providers.get(request.params.provider)
    if (!provider) throw new OnrampProviderUnknownError()
    if (typeof request.body !== 'string') throw new InvalidFieldError({ field: 'body', problem: 'must be JSON' })
    const event = provider.verifyWebhook(request.body, request.headers)
    const order = await app.storage.db.selectFrom('onramp_orders').selectAll().where('id', '=', event.orderId).executeTakeFirst()
    if (!order) throw new OnrampOrderNotFoundError()
    const field = mismatchOf(event, order)
    if (field) throw new OnrampWebhookMismatchError({ field })
    if (event.status === 'completed' && !event.transactionHash) throw new InvalidFieldError({ field: 'data/cryptoTransactionId', problem: 'is required when completed' })
    const db = app.storage.db
    const now = Date.now()
    await db.deleteFrom('onramp_webhook_events').where('received_at', '<', now - KEEP_EVENTS_MS).execute()
    const record = db
      .insertInto('onramp_webhook_events')
      .values({ provider: provider.id, event_id: event.eventId, order_id: order.id, received_at: now })
      .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
      .returning('event_id')
    const steps: AtomicStep[] = [{ query: record, expect: someRow }]
    if (event.status === 'completed')
      steps.push({
        query: db.updateTable('onramp_orders').set({ status: 'paid', tx_hash: event.transactionHash!, paying_until: null, paying_lease: null }).where('id', '=', order.id).where('status', '!=', 'paid').returning('id'),
        expect: () => true,
      })
    if (!(await atomically(app.storage, steps))) throw new OnrampWebhookReplayedError()
    const status = event.status === 'completed' ? 'paid' : order.status
    request.log.info({ order: order.id, provider: provider.id, event: event.eventId, status: event.status }, 'on-ramp webhook received')
    return { received: true, orderId: order.id, status }
  })
}
