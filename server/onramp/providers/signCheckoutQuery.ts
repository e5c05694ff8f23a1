import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The signature of a checkout URL's query, as MoonPay signs its widget URL: HMAC-SHA256 of the
 * query string (with its leading `?`, without `signature`) under the secret key, in base64.
 * The provider recomputes it, so a URL whose wallet or amount was changed is refused.
 *
 * @example
 * const url = new URL('https://buy.example/?apiKey=pk&walletAddress=0x…')
 * url.searchParams.set('signature', signCheckoutQuery(url.search, secret))
 */
export function signCheckoutQuery(search: string, secretKey: string): string {
  return createHmac('sha256', secretKey).update(search).digest('base64')
}

/** Whether `url` carries the signature of its own query (the `signature` parameter last, as signed). */
export function hasValidCheckoutSignature(url: URL, secretKey: string): boolean {
  const signature = url.searchParams.get('signature')
  if (!signature) return false
  const unsigned = new URL(url)
  unsigned.searchParams.delete('signature')
  const expected = Buffer.from(signCheckoutQuery(unsigned.search, secretKey))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
