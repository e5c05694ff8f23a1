import { randomUUID } from 'node:crypto'
import type { OnrampOrder } from '../payOnrampOrder.js'
import { signWebhook } from '../providers/webhookSignature.js'
import type { TestCheckoutKeys } from './TestCheckoutKeys.js'

/** What a delivery of `order` looks like in the provider's webhook: a `transaction_updated` event, a new event id each time. */
export function deliveryEvent(order: Pick<OnrampOrder, 'id' | 'destination' | 'asset' | 'amount' | 'network'>, txHash: string, status = 'completed') {
  return {
    id: randomUUID(),
    type: 'transaction_updated',
    data: {
      id: randomUUID(),
      externalTransactionId: order.id,
      status,
      walletAddress: order.destination,
      currency: { code: order.asset.toLowerCase() },
      quoteCurrencyAmount: order.amount,
      network: order.network,
      cryptoTransactionId: txHash,
    },
  }
}

/**
 * Tells the backend an order was delivered, as a provider does: the event signed `t=…,s=…`
 * over the exact body it sends.
 *
 * @returns whether the backend accepted it
 */
export async function sendTestCheckoutWebhook(keys: TestCheckoutKeys, order: OnrampOrder, txHash: string): Promise<boolean> {
  const body = JSON.stringify(deliveryEvent(order, txHash))
  const response = await fetch(keys.webhookUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'moonpay-signature-v2': signWebhook(body, keys.webhookSecret, Math.floor(Date.now() / 1000)) },
    body,
    signal: AbortSignal.timeout(15_000),
  })
  return response.ok
}
