import type { SignedCheckoutProviderConfig } from './signedCheckoutProvider.js'

/** The on-ramp flags as `parseArgs` gives them, and the environment the secrets come from. */
export interface OnrampFlags {
  provider?: string
  checkoutUrl?: string
  apiKey?: string
}

/** https, or http on the loopback address: a stand-in on this machine, which no one else can reach. */
function isSecureCheckoutUrl(value: string): boolean {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  return url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
}

/**
 * The on-ramp provider from `--onramp-provider ID --onramp-checkout-url URL --onramp-api-key KEY`,
 * its two secrets from `LATCH_ONRAMP_SECRET_KEY` (signs checkout URLs) and
 * `LATCH_ONRAMP_WEBHOOK_SECRET` (verifies webhooks), never from flags (a flag shows in `ps`).
 *
 * @returns no config when no flag is given; an error naming what is missing when some are
 * @example
 * parseOnrampFlags({ provider: 'moonpay', checkoutUrl: 'https://buy.moonpay.com', apiKey: 'pk_live_…' }, process.env)
 */
export function parseOnrampFlags(flags: OnrampFlags, env: Record<string, string | undefined>): { config?: SignedCheckoutProviderConfig } | { error: string } {
  const { provider, checkoutUrl, apiKey } = flags
  if (provider === undefined && checkoutUrl === undefined && apiKey === undefined) return {}
  const secretKey = env.LATCH_ONRAMP_SECRET_KEY
  const webhookSecret = env.LATCH_ONRAMP_WEBHOOK_SECRET
  const missing = [
    ...(provider ? [] : ['--onramp-provider']),
    ...(checkoutUrl ? [] : ['--onramp-checkout-url']),
    ...(apiKey ? [] : ['--onramp-api-key']),
    ...(secretKey ? [] : ['LATCH_ONRAMP_SECRET_KEY']),
    ...(webhookSecret ? [] : ['LATCH_ONRAMP_WEBHOOK_SECRET']),
  ]
  if (missing.length > 0) return { error: `An on-ramp provider needs ${missing.join(', ')}` }
  if (!/^[a-z0-9-]{1,32}$/.test(provider!)) return { error: '--onramp-provider must be 1-32 of a-z, 0-9 and -' }
  if (!isSecureCheckoutUrl(checkoutUrl!)) return { error: '--onramp-checkout-url must be an https URL (or http on the loopback address)' }
  return { config: { id: provider!, checkoutUrl: checkoutUrl!, apiKey: apiKey!, secretKey: secretKey!, webhookSecret: webhookSecret! } }
}
