import * as v from 'valibot'
import { OnrampWebhookSignatureInvalidError, OnrampWebhookStaleError } from '../errors.js'
import { InvalidFieldError } from '../../plugins/requestGuards/errors.js'
import { FIAT_IN_USD } from '../onrampCurrencies.js'
import type { OnrampOrder } from '../payOnrampOrder.js'
import type { OnrampProvider, OnrampWebhookEvent } from './OnrampProvider.js'
import { signCheckoutQuery } from './signCheckoutQuery.js'
import { checkWebhookSignature } from './webhookSignature.js'

/** A provider whose checkout is a signed widget URL and whose webhook is HMAC-signed (MoonPay's shape). */
export interface SignedCheckoutProviderConfig {
  /** The id in `/v1/onramp/webhook/{id}` ('moonpay'). */
  id: string
  /** The checkout page the URL opens ('https://buy.moonpay.com'); its origin is listed to the kit. */
  checkoutUrl: string
  /** The publishable key, in the URL as `apiKey`. */
  apiKey: string
  /** Signs the checkout URL's query; the provider holds the same key. */
  secretKey: string
  /** Verifies the webhook's signature header. */
  webhookSecret: string
  /** The header carrying `t=…,s=…`: `moonpay-signature-v2` by default. */
  signatureHeader?: string
  /** How far a webhook's timestamp may be from now: 300 seconds by default. */
  webhookToleranceSeconds?: number
}

const Text = v.pipe(v.string(), v.minLength(1), v.maxLength(128))
const WebhookBody = v.object({
  id: Text,
  type: v.literal('transaction_updated'),
  data: v.object({
    externalTransactionId: Text,
    status: v.picklist(['completed', 'failed', 'pending']),
    walletAddress: Text,
    currency: v.object({ code: v.pipe(v.string(), v.maxLength(16)) }),
    quoteCurrencyAmount: v.pipe(v.string(), v.regex(/^\d{1,18}(\.\d{1,18})?$/)),
    network: v.pipe(v.string(), v.maxLength(64)),
    cryptoTransactionId: v.optional(v.pipe(v.string(), v.maxLength(128))),
  }),
})

/**
 * The on-ramp adapter for a provider in MoonPay's shape: the checkout URL carries the order
 * (`externalTransactionId`, wallet, asset, amounts) and an HMAC of its query; the provider's
 * webhook is signed `t=…,s=…` over the raw body. The local test checkout speaks it too.
 *
 * @param now - the clock the replay window is read on
 * @example
 * const provider = signedCheckoutProvider({ id: 'moonpay', checkoutUrl: 'https://buy.moonpay.com', apiKey, secretKey, webhookSecret })
 */
export function signedCheckoutProvider(config: SignedCheckoutProviderConfig, now: () => number = Date.now): OnrampProvider {
  const toleranceSeconds = config.webhookToleranceSeconds ?? 300
  const header = (config.signatureHeader ?? 'moonpay-signature-v2').toLowerCase()
  return {
    id: config.id,
    checkoutOrigin: new URL(config.checkoutUrl).origin,
    checkoutUrl(order: OnrampOrder, currency = 'USD') {
      const fiat = currency in FIAT_IN_USD ? currency : 'USD'
      const url = new URL(config.checkoutUrl)
      const params: Record<string, string> = {
        apiKey: config.apiKey,
        externalTransactionId: order.id,
        walletAddress: order.destination,
        currencyCode: order.asset.toLowerCase(),
        network: order.network,
        quoteCurrencyAmount: order.amount,
        baseCurrencyCode: fiat.toLowerCase(),
        // The order holds its total in USD; the visitor pays it in their currency.
        baseCurrencyAmount: (Math.round((Number(order.fiat_amount ?? 0) / FIAT_IN_USD[fiat]!) * 100) / 100).toFixed(2),
      }
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
      url.searchParams.set('signature', signCheckoutQuery(url.search, config.secretKey))
      return url.toString()
    },
    verifyWebhook(rawBody, headers): OnrampWebhookEvent {
      const value = headers[header]
      const check = checkWebhookSignature(Array.isArray(value) ? value[0] : value, rawBody, config.webhookSecret, { now: now(), toleranceSeconds })
      if (check === 'invalid') throw new OnrampWebhookSignatureInvalidError()
      if (check === 'stale') throw new OnrampWebhookStaleError({ toleranceSeconds })
      let parsed: unknown
      try {
        parsed = JSON.parse(rawBody)
      } catch {
        parsed = undefined
      }
      const result = v.safeParse(WebhookBody, parsed)
      // Signed yet malformed: the provider changed its format; refuse rather than guess.
      if (!result.success) throw new InvalidFieldError({ field: 'body', problem: 'is not a transaction_updated event' })
      const { id, data } = result.output
      return {
        eventId: id,
        orderId: data.externalTransactionId,
        status: data.status,
        walletAddress: data.walletAddress,
        currencyCode: data.currency.code,
        cryptoAmount: data.quoteCurrencyAmount,
        network: data.network,
        ...(data.cryptoTransactionId ? { transactionHash: data.cryptoTransactionId } : {}),
      }
    },
  }
}
