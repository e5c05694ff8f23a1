import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The webhook signature header's value, in the shape MoonPay's `Moonpay-Signature-V2` and
 * Stripe use: `t=<unix seconds>,s=<hex HMAC-SHA256 of "<t>.<raw body>">`. Signing the timestamp
 * with the body lets the receiver refuse an old request replayed later.
 */
export function signWebhook(rawBody: string, secret: string, timestamp: number): string {
  return `t=${timestamp},s=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`
}

/** Why a webhook signature is refused, or 'ok'. */
export type WebhookSignatureCheck = 'ok' | 'invalid' | 'stale'

/**
 * Checks a `t=…,s=…` header against the raw body: the HMAC first (a forged header says nothing,
 * not even whether its time was right), then the timestamp within `toleranceSeconds` of `now`.
 */
export function checkWebhookSignature(header: string | undefined, rawBody: string, secret: string, { now, toleranceSeconds }: { now: number; toleranceSeconds: number }): WebhookSignatureCheck {
  const parts = new Map((header ?? '').split(',').map((part) => part.trim().split('=', 2) as [string, string]))
  const timestamp = Number(parts.get('t'))
  const given = parts.get('s') ?? ''
  if (!Number.isSafeInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return 'invalid'
  const expected = signWebhook(rawBody, secret, timestamp).split('s=')[1]!
  if (!timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return 'invalid'
  return Math.abs(now / 1000 - timestamp) <= toleranceSeconds ? 'ok' : 'stale'
}
