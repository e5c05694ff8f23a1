import type { OnrampOrder } from '../payOnrampOrder.js'

/** What a provider's webhook says about one order, once its signature and window are checked. */
export interface OnrampWebhookEvent {
  /** The provider's id for this delivery of the event: a second delivery with the same id is a replay. */
  eventId: string
  /** Our order id, which the checkout URL carried (`externalTransactionId`). */
  orderId: string
  status: 'completed' | 'failed' | 'pending'
  walletAddress: string
  /** Lower-case asset code as the provider names it ('usdc', 'eth'). */
  currencyCode: string
  /** The amount of the asset sent, as a decimal string. */
  cryptoAmount: string
  /** The CAIP-2 network the asset was sent on. */
  network: string
  /** The delivery's transaction hash or signature; set when completed. */
  transactionHash?: string
}

/**
 * An on-ramp provider as the backend speaks to it: it signs the checkout URL the kit opens, and
 * checks the webhook that confirms an order. The order is `paid` only when a webhook the
 * provider signed says so (`onrampWebhookRoutes`).
 */
export interface OnrampProvider {
  /** The id in the webhook route, `/v1/onramp/webhook/{id}`. */
  readonly id: string
  /** The origin the checkout URL opens on: the kit accepts it because `/v1/onramp/options` lists it. */
  readonly checkoutOrigin: string
  /** The signed URL of the provider's checkout for `order`; `currency` is the fiat the visitor pays in. */
  checkoutUrl(order: OnrampOrder, currency?: string): string
  /**
   * The event a webhook carries, or a catalogue error: a bad signature, a timestamp outside the
   * replay window, or a malformed body. Replays (a seen event id) are refused by the route, which
   * keeps the seen ids in the store.
   *
   * @param rawBody - the body exactly as received (the signature covers these bytes)
   * @param headers - the request's headers
   */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): OnrampWebhookEvent
}
