import { FIAT_IN_USD } from '../onrampCurrencies.js'
import type { OnrampOrder } from '../payOnrampOrder.js'

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Escapes text for HTML: every value on the page came from a request. */
function escape(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char]!)
}

/**
 * What the order costs in `currency`, as money ('€23.15', '$25.00'): orders hold their total in
 * USD, converted at the on-ramp's fixed rate; a currency it does not sell is shown as USD.
 */
export function checkoutTotal(fiatUsd: string, currency = 'USD'): string {
  const code = currency in FIAT_IN_USD ? currency : 'USD'
  const amount = Math.round((Number(fiatUsd) / FIAT_IN_USD[code]!) * 100) / 100
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: code, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)
}

/**
 * The checkout page the on-ramp URL opens: the order and a Pay button that POSTs to `payAction`
 * (`/pay` with the signed query), its total in the visitor's currency; once delivered it shows
 * the transaction instead, and whether the backend has confirmed it.
 */
export function checkoutPage(order: OnrampOrder, networkName: string, currency = 'USD', payAction = '/pay'): string {
  const body =
    order.tx_hash
      ? `<p role="status">${order.status === 'paid' ? 'Paid.' : 'Sent; waiting for the confirmation.'} ${escape(order.amount)} ${escape(order.asset)} sent.</p><p>Transaction <code>${escape(order.tx_hash)}</code></p>`
      : `<form method="post" action="${escape(payAction)}"><button type="submit">Pay${order.fiat_amount ? ` ${escape(checkoutTotal(order.fiat_amount, currency))}` : ''}</button></form>`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Latch Pay checkout</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font:inherit;padding:.75rem 1.5rem;border-radius:.5rem;border:0;background:#2b59ff;color:#fff;cursor:pointer}dt{color:#666}dd{margin:0 0 .75rem}</style></head>
<body><main><h1>Latch Pay (local test checkout)</h1>
<dl><dt>You buy</dt><dd>${escape(order.amount)} ${escape(order.asset)}</dd><dt>Network</dt><dd>${escape(networkName)}</dd><dt>Sent to</dt><dd><code>${escape(order.destination)}</code></dd></dl>
${body}
<p><small>No real money moves: the asset is sent on the local test chain.</small></p></main></body></html>`
}
